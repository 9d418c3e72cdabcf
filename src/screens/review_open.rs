//! `#/review/open`: a written Gunjin record (`gunjin_rules::Scoresheet`,
//! this app's `.txt` or another program's), pasted or chosen as a file,
//! opened in the review by its link. A text that does not read says on
//! which line and why, and nothing else changes.

use gunjin_rules::ScoresheetError;
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::*;
use crate::model::review_link::Reviewed;
use crate::route::{Route, navigate};

/// The review link's route of a written record, if it reads and is over.
fn read(text: &str) -> Result<Route, ScoresheetError> {
    let reviewed = Reviewed::from_written(text)?;
    Ok(Route::ReviewLink(reviewed.link().data()))
}

/// The text of the file chosen in `input` (a byte-order mark left out).
async fn chosen_text(input: &web_sys::HtmlInputElement) -> Option<String> {
    let file = input.files()?.get(0)?;
    let text = JsFuture::from(file.text()).await.ok()?.as_string()?;
    Some(text.trim_start_matches('\u{feff}').to_owned())
}

#[component]
pub fn ReviewOpen() -> impl IntoView {
    let i18n = use_i18n();
    let text = RwSignal::new(String::new());
    let failed = RwSignal::new(None::<ScoresheetError>);
    let open = move || match read(&text.get_untracked()) {
        Ok(route) => navigate(route),
        Err(e) => failed.set(Some(e)),
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        leptos::task::spawn_local(async move {
            if let Some(contents) = chosen_text(&input).await {
                text.set(contents);
                open();
            }
        });
    };
    let why = move || {
        failed.get().map(|e| match e.line {
            Some(line) => t_string!(i18n, review.open_failed_at, line = line, reason = e.reason),
            None => t_string!(i18n, review.open_failed, reason = e.reason),
        })
    };
    view! {
        <section class="review-open" aria-labelledby="review-open-title">
            <h2 id="review-open-title">{t!(i18n, review.open_title)}</h2>
            <p>{t!(i18n, review.open_help)}</p>
            <label class="button secondary file-button">
                {t!(i18n, review.open_file)}
                <input type="file" accept=".txt,text/plain" on:change=on_file />
            </label>
            <label for="review-open-text">{t!(i18n, review.open_paste)}</label>
            <textarea
                id="review-open-text"
                rows="12"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <div class="actions">
                <button type="button" class="primary open-read" on:click=move |_| open()>
                    {t!(i18n, review.open_read)}
                </button>
            </div>
            <p role="alert" class="refused">{why}</p>
        </section>
    }
}
