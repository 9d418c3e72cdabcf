//! A finished Gunjin game, out: its review link copied (anyone opens it,
//! `model::review_link`) and its written record downloaded
//! (`gunjin_rules::Scoresheet`, a `.txt` that `#/review/open` reads back).

use gunjin_rules::Scoresheet;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

use crate::i18n::*;
use crate::model::review_link::Reviewed;
use crate::route::Route;
use crate::screens::your_data::download;

/// Puts `text` on the clipboard; `false` where the browser has none for
/// the page (plain http on a LAN address is no secure context).
pub fn copy_to_clipboard(text: &str) -> bool {
    let clipboard = js_sys::Reflect::get(&window().navigator(), &"clipboard".into())
        .and_then(|c| c.dyn_into::<web_sys::Clipboard>());
    match clipboard {
        Ok(clipboard) => {
            let _ = clipboard.write_text(text);
            true
        }
        Err(_) => false,
    }
}

/// The absolute address of a page of this app (the build is served from
/// any path, so the link keeps the page's own).
pub fn address(hash: &str) -> String {
    let location = window().location();
    let here = location.href().unwrap_or_default();
    let base = here.split('#').next().unwrap_or_default();
    format!("{base}{hash}")
}

/// Copy review link, Download the record and, with `review`, a way to the
/// game's review by its link (a game not stored here: a friend's, a
/// table's).
#[component]
pub fn RecordOut(reviewed: Reviewed, #[prop(optional)] review: bool) -> impl IntoView {
    let i18n = use_i18n();
    let copied = RwSignal::new(None::<bool>);
    let hash = reviewed.link().hash();
    let link = address(&hash);
    let written = Scoresheet {
        record: reviewed.record,
        players: reviewed.players,
    }
    .write()
    .unwrap_or_default();
    let save = move |_| {
        download(&written, "text/plain;charset=utf-8", "gunjin-shogi", "txt");
    };
    view! {
        <div class="actions record-out">
            {review.then(|| view! {
                <a class="button secondary review-link" href=hash>{t!(i18n, review.open)}</a>
            })}
            <button type="button" class="secondary copy-review-link" on:click=move |_| copied.set(Some(copy_to_clipboard(&link)))>
                {t!(i18n, review.copy_link)}
            </button>
            <button type="button" class="secondary download-record" on:click=save>
                {t!(i18n, review.download_record)}
            </button>
            <a class="button secondary open-record" href=Route::ReviewOpen.hash()>{t!(i18n, review.open_record)}</a>
        </div>
        <p role="status" class="copy-status">
            {move || copied.get().map(|done| if done {
                t_string!(i18n, review.link_copied)
            } else {
                t_string!(i18n, review.copy_failed)
            })}
        </p>
    }
}
