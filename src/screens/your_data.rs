//! Export and import of everything the app keeps, as one file.

use leptos::prelude::*;
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
enum Imported {
    Done,
    /// The player kept the stored game over the file's.
    Kept,
    Failed(String),
}

/// Stores the checked entries of an import file and reloads the app's
/// state from them.
fn store(entries: &[(String, String)], state: AppState, locale: Locale) -> Imported {
    match storage::import_entries(entries) {
        Ok(()) => {
            state.load();
            Imported::Done
        }
        Err(problem) => Imported::Failed(crate::notices::problem_text(locale, &problem)),
    }
}

#[component]
pub fn YourData() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let result = RwSignal::new(None::<Imported>);
    // A file that would replace a stored game waits for the player's yes.
    let asking = RwSignal::new(None::<Vec<(String, String)>>);
    let export = move |_| {
        download(
            &backup::export(storage::raw),
            "application/json",
            "gunjin-shogi",
            "json",
        );
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        leptos::task::spawn_local(async move {
            let Some(text) = chosen_text(&input).await else {
                return;
            };
            input.set_value("");
            result.set(None);
            match backup::import(&text) {
                Ok(entries) if backup::replaces_a_game(&entries, storage::raw) => {
                    asking.set(Some(entries));
                }
                Ok(entries) => result.set(Some(store(&entries, state, i18n.get_locale()))),
                Err(e) => result.set(Some(Imported::Failed(crate::text::import_error(
                    i18n.get_locale(),
                    &e,
                )))),
            }
        });
    };
    let replace = Callback::new(move |()| {
        if let Some(entries) = asking.get_untracked() {
            asking.set(None);
            result.set(Some(store(&entries, state, i18n.get_locale())));
        }
    });
    let keep = Callback::new(move |()| {
        asking.set(None);
        result.set(Some(Imported::Kept));
    });
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
            <Show when=move || asking.with(Option::is_some)>
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
        result.get().map(|r| match r {
            Imported::Done => view! { <p role="status">{t!(i18n, common.imported)}</p> }.into_any(),
            Imported::Kept => {
                view! { <p role="status">{t!(i18n, common.import_kept)}</p> }.into_any()
            }
            Imported::Failed(reason) => view! {
                <p role="alert" class="refused">
                    {move || t_string!(i18n, common.import_failed, reason = reason.clone())}
                </p>
            }
            .into_any(),
        })
    }
}
