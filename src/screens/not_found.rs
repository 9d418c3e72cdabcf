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
            <p>
                <a class="button" href="#/">
                    {t!(i18n, common.go_home)}
                </a>
            </p>
        </section>
    }
}
