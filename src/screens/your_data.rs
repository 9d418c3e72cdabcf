//! Export and import of everything the app keeps, as one file. The code
//! that writes and checks the file (`model/backup.rs`) is in a wasm module
//! of its own in a split build, fetched on the first export or import: the
//! home page's first load carries only the buttons.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::*;
use crate::model::backup;
use crate::screens::replace::ReplaceGame;
use crate::state::AppState;
use crate::storage;

/// Offers `text` as a download named `<name>-<today's date>.<extension>`
/// (also Shogi's records).
pub fn download(text: &str, mime: &str, name: &str, extension: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let date: String = js_sys::Date::new_0()
        .to_iso_string()
        .as_string()?
        .chars()
        .take(10)
        .collect();
    let a: web_sys::HtmlAnchorElement = document().create_element("a").ok()?.unchecked_into();
    a.set_href(&url);
    a.set_download(&format!("{name}-{date}.{extension}"));
    a.click();
    web_sys::Url::revoke_object_url(&url).ok()
}

/// The text of the first file chosen in a file input.
async fn chosen_text(input: &web_sys::HtmlInputElement) -> Option<String> {
    let file = input.files()?.get(0)?;
    JsFuture::from(file.text()).await.ok()?.as_string()
}

/// What the last import did.
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    Done,
    /// The file (its text) would replace a stored game: it waits for a yes.
    Asking(String),
    /// The player kept the stored game over the file's.
    Kept,
    Failed(String),
}

/// Writes the export file and offers it as a download.
fn export_file() {
    download(
        &backup::export(storage::raw),
        "application/json",
        "gunjin-shogi",
        "json",
    );
}

/// Checks a chosen file and stores its entries, all or nothing; one that
/// would replace a stored game asks first, as every new game over a stored
/// one does, unless the player said yes (`replace`).
fn import_file(text: &str, locale: Locale, replace: bool) -> Imported {
    match backup::import(text) {
        Ok(entries) if !replace && backup::replaces_a_game(&entries, storage::raw) => {
            Imported::Asking(text.to_owned())
        }
        Ok(entries) => match storage::import_entries(&entries) {
            Ok(()) => Imported::Done,
            Err(problem) => Imported::Failed(crate::notices::problem_text(locale, &problem)),
        },
        Err(e) => Imported::Failed(crate::text::import_error(locale, &e)),
    }
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(your_data, fallible, wasm_split_path = leptos::wasm_split)]
fn load_export() -> Result<(), SplitLoaderError> {
    export_file();
    Ok(())
}

#[cfg(not(feature = "split"))]
async fn load_export() -> Result<(), SplitLoaderError> {
    export_file();
    Ok(())
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(your_data, fallible, wasm_split_path = leptos::wasm_split)]
fn load_import(text: String, locale: Locale, replace: bool) -> Result<Imported, SplitLoaderError> {
    Ok(import_file(&text, locale, replace))
}

#[cfg(not(feature = "split"))]
async fn load_import(
    text: String,
    locale: Locale,
    replace: bool,
) -> Result<Imported, SplitLoaderError> {
    Ok(import_file(&text, locale, replace))
}

#[component]
pub fn YourData() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let result = RwSignal::new(None::<Imported>);
    let unavailable = move || {
        Imported::Failed(td_string!(i18n.get_locale_untracked(), common.data_unavailable).into())
    };
    let export = move |_| {
        leptos::task::spawn_local(async move {
            if load_export().await.is_err() {
                result.set(Some(unavailable()));
            }
        });
    };
    // Checks the file (and stores it, when `replace` or when it replaces
    // no game) in the export's own module.
    let import_text = move |text: String, replace: bool| {
        leptos::task::spawn_local(async move {
            result.set(None);
            let outcome = load_import(text, i18n.get_locale_untracked(), replace)
                .await
                .unwrap_or_else(|_| unavailable());
            if outcome == Imported::Done {
                state.load();
            }
            result.set(Some(outcome));
        });
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        leptos::task::spawn_local(async move {
            if let Some(text) = chosen_text(&input).await {
                input.set_value("");
                import_text(text, false);
            }
        });
    };
    let asking = move || matches!(result.get(), Some(Imported::Asking(_)));
    let replace = Callback::new(move |()| {
        if let Some(Imported::Asking(text)) = result.get_untracked() {
            import_text(text, true);
        }
    });
    let keep = Callback::new(move |()| result.set(Some(Imported::Kept)));
    let question =
        Signal::derive(move || t_string!(i18n, common.import_replace_question).to_string());
    view! {
        <section class="your-data" aria-labelledby="data-title">
            <h2 id="data-title">{t!(i18n, common.data_title)}</h2>
            <p>{t!(i18n, common.data_text)}</p>
            <div class="actions">
                <button type="button" class="secondary" on:click=export>
                    {t!(i18n, common.export)}
                </button>
                <label class="button secondary file-button">
                    {t!(i18n, common.import)}
                    <input type="file" accept=".json,application/json" on:change=import />
                </label>
            </div>
            <Show when=asking>
                <ReplaceGame question on_yes=replace on_keep=keep />
            </Show>
            <ImportResult result />
        </section>
    }
}

/// The sentence that says what the last import did.
#[component]
fn ImportResult(result: RwSignal<Option<Imported>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        result.get().and_then(|r| match r {
            Imported::Done => {
                Some(view! { <p role="status">{t!(i18n, common.imported)}</p> }.into_any())
            }
            Imported::Kept => {
                Some(view! { <p role="status">{t!(i18n, common.import_kept)}</p> }.into_any())
            }
            Imported::Asking(_) => None,
            Imported::Failed(reason) => Some(
                view! {
                    <p role="alert" class="refused">
                        {move || t_string!(i18n, common.import_failed, reason = reason.clone())}
                    </p>
                }
                .into_any(),
            ),
        })
    }
}
