//! Export and import of everything the app keeps, as one file.

use leptos::prelude::*;
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
enum Imported {
    Done,
    Failed(String),
}

#[component]
pub fn YourData() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let result = RwSignal::new(None::<Imported>);
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
            let outcome = match backup::import(&text) {
                Ok(entries) => match storage::import_entries(&entries) {
                    Ok(()) => {
                        state.load();
                        Imported::Done
                    }
                    Err(problem) => {
                        Imported::Failed(crate::notices::problem_text(i18n.get_locale(), &problem))
                    }
                },
                Err(e) => Imported::Failed(crate::text::import_error(i18n.get_locale(), &e)),
            };
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
