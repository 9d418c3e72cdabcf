//! The record of the game on the screen, out: copied to the clipboard or
//! downloaded as a file, as KIF or SFEN ([`record_io`]), during the game
//! and after it.

use leptos::prelude::*;

use crate::i18n::*;
use crate::screens::record_out::{address, copy_to_clipboard};
use crate::screens::your_data::download;
use crate::shogi::link::link;
use crate::shogi::record_io::{Format, export};
use crate::shogi::session::Session;

/// What the last copy did.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Copied {
    Record,
    /// The review link (`shogi::link`), which opens the replay anywhere.
    Link,
    Refused,
}

#[component]
pub fn RecordExport(session: RwSignal<Session>) -> impl IntoView {
    let i18n = use_i18n();
    let copied = RwSignal::new(None::<Copied>);
    let text = move |format| session.with_untracked(|s| export(s.game(), s.header(), format));
    let copy = move |text: String, done: Copied| {
        copied.set(Some(if copy_to_clipboard(&text) {
            done
        } else {
            Copied::Refused
        }));
    };
    let copy_link = move |_| {
        let hash = session.with_untracked(|s| link(s.game(), s.header()).hash());
        copy(address(&hash), Copied::Link);
    };
    let save = move |format: Format| {
        // A byte-order mark says UTF-8 to readers that take a .kif for
        // Shift_JIS (as this app's import does).
        let body = match format {
            Format::Kif => format!("\u{feff}{}", text(format)),
            Format::Sfen => text(format),
        };
        download(
            &body,
            "text/plain;charset=utf-8",
            "shogi",
            format.extension(),
        );
    };
    view! {
        <section class="shogi-record" aria-labelledby="shogi-record-title">
            <h3 id="shogi-record-title">{t!(i18n, shogi.record_title)}</h3>
            <div class="actions">
                <button type="button" class="secondary copy-kif" on:click=move |_| copy(text(Format::Kif), Copied::Record)>
                    {t!(i18n, shogi.copy_kif)}
                </button>
                <button type="button" class="secondary download-kif" on:click=move |_| save(Format::Kif)>
                    {t!(i18n, shogi.download_kif)}
                </button>
                <button type="button" class="secondary copy-sfen" on:click=move |_| copy(text(Format::Sfen), Copied::Record)>
                    {t!(i18n, shogi.copy_sfen)}
                </button>
                <button type="button" class="secondary download-sfen" on:click=move |_| save(Format::Sfen)>
                    {t!(i18n, shogi.download_sfen)}
                </button>
                <button type="button" class="secondary copy-review-link" on:click=copy_link>
                    {t!(i18n, review.copy_link)}
                </button>
            </div>
            <p role="status" class="copy-status">
                {move || copied.get().map(|c| match c {
                    Copied::Record => td_string!(i18n.get_locale(), shogi.copied),
                    Copied::Link => td_string!(i18n.get_locale(), review.link_copied),
                    Copied::Refused => td_string!(i18n.get_locale(), shogi.copy_failed),
                })}
            </p>
            <p>
                <a href=crate::route::Route::Shogi(crate::route::ShogiPage::Import).hash()>{t!(i18n, shogi.import_link)}</a>
            </p>
        </section>
    }
}
