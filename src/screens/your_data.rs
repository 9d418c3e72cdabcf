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

/// Checks a chosen file and stores its entries, all or nothing.
fn import_file(text: &str, locale: Locale) -> Imported {
    match backup::import(text) {
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
fn load_import(text: String, locale: Locale) -> Result<Imported, SplitLoaderError> {
    Ok(import_file(&text, locale))
}

#[cfg(not(feature = "split"))]
async fn load_import(text: String, locale: Locale) -> Result<Imported, SplitLoaderError> {
    Ok(import_file(&text, locale))
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
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        leptos::task::spawn_local(async move {
            let Some(text) = chosen_text(&input).await else {
                return;
            };
            input.set_value("");
            let outcome = load_import(text, i18n.get_locale_untracked())
                .await
                .unwrap_or_else(|_| unavailable());
            if outcome == Imported::Done {
                state.load();
            }
            result.set(Some(outcome));
        });
    };
    let message = move || {
        result.get().map(|r| match r {
            Imported::Done => view! { <p role="status">{t!(i18n, common.imported)}</p> }.into_any(),
            Imported::Failed(reason) => view! {
                <p role="alert" class="refused">
                    {move || t_string!(i18n, common.import_failed, reason = reason.clone())}
                </p>
            }
            .into_any(),
        })
    };
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
            {message}
        </section>
    }
}
