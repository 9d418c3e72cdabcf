use leptos::prelude::*;

use crate::i18n::*;

/// An address that names no page.
#[component]
pub fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="not-found" aria-labelledby="not-found-title">
            <h2 id="not-found-title">{t!(i18n, common.not_found)}</h2>
            <p>{t!(i18n, common.not_found_text)}</p>
            <GoHome />
        </section>
    }
}

/// A page whose module could not be fetched: offline before the app was
/// ever stored for offline play (see `load_page` in `lib.rs`).
#[component]
pub fn PageUnavailable() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="page-unavailable" role="alert">
            <p>{t!(i18n, common.page_unavailable)}</p>
            <GoHome />
        </section>
    }
}

/// The way out of a page that cannot be shown.
#[component]
fn GoHome() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p>
            <a class="button" href="#/">
                {t!(i18n, common.go_home)}
            </a>
        </p>
    }
}
