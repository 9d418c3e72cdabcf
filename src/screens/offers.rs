//! The offer bar of a table's game and end: offer a draw, ask to take
//! back (Shogi only: Gunjin has no takeback), offer a rematch once the
//! game is over, and the opponent's offer as a notice with Accept and
//! Decline. The server referees every offer (`docs/SERVER.md`).

use gunjin_rules::Color;
use gunjin_table::{Closed, Offer};
use leptos::prelude::*;

use crate::i18n::*;
use crate::online::{Offers, Online};

/// What the offers say to `me`, the opponent named `name`: the offer
/// waiting (theirs or mine) or how the last one closed.
fn notice(locale: Locale, offers: &Offers, me: Color, name: &str) -> Option<String> {
    if let Some((offer, by)) = offers.waiting {
        return Some(match (by == me, offer) {
            (true, _) => td_string!(locale, offers.waiting, name),
            (false, Offer::Draw) => td_string!(locale, offers.offered_draw, name),
            (false, Offer::Takeback) => td_string!(locale, offers.offered_takeback, name),
            (false, Offer::Rematch) => td_string!(locale, offers.offered_rematch, name),
        });
    }
    let (offer, by, closed) = offers.closed?;
    Some(match (closed, offer) {
        (Closed::Declined, _) if by == me => td_string!(locale, offers.declined_by_them, name),
        (Closed::Declined, _) => td_string!(locale, offers.declined_by_you).to_owned(),
        (Closed::Withdrawn, _) => td_string!(locale, offers.withdrawn).to_owned(),
        (Closed::Accepted, Offer::Draw) => td_string!(locale, offers.accepted_draw).to_owned(),
        (Closed::Accepted, Offer::Takeback) => {
            td_string!(locale, offers.accepted_takeback).to_owned()
        }
        (Closed::Accepted, Offer::Rematch) => {
            td_string!(locale, offers.accepted_rematch).to_owned()
        }
    })
}

/// The offers during the game (`over: false`) or after it, `opponent`
/// naming the other seat.
#[component]
pub fn OfferBar(over: bool, opponent: Signal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let me = online.side().unwrap_or(Color::South);
    let offers = online.offers;
    let text = move || notice(i18n.get_locale(), &offers.read(), me, &opponent.get());
    let theirs = move || offers.with(|o| o.to_answer(me));
    let answer = move |accept| {
        if let Some(offer) = theirs() {
            online.answer(offer, accept);
        }
    };
    let free = move || offers.with(|o| o.waiting.is_none());
    let takeback = !over && online.is_shogi();
    view! {
        <div class="offers">
            <p class="offer-notice" role="status" aria-live="polite">{text}</p>
            <Show when=move || theirs().is_some()>
                <button class="button primary offer-accept" on:click=move |_| answer(true)>
                    {t!(i18n, offers.accept)}
                </button>
                <button class="button offer-decline" on:click=move |_| answer(false)>
                    {t!(i18n, offers.decline)}
                </button>
            </Show>
            <Show when=free>
                <Show when=move || over>
                    <button class="button primary offer-rematch" on:click=move |_| online.offer(Offer::Rematch)>
                        {t!(i18n, offers.offer_rematch)}
                    </button>
                </Show>
                <Show when=move || !over>
                    <button class="button offer-draw" on:click=move |_| online.offer(Offer::Draw)>
                        {t!(i18n, offers.offer_draw)}
                    </button>
                </Show>
                <Show when=move || takeback>
                    <button class="button offer-takeback" on:click=move |_| online.offer(Offer::Takeback)>
                        {t!(i18n, offers.ask_takeback)}
                    </button>
                </Show>
            </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_says_whose_offer_and_how_it_closed() {
        let locale = Locale::en;
        let mut offers = Offers::default();
        assert_eq!(notice(locale, &offers, Color::South, "Ben"), None);
        offers.waiting = Some((Offer::Takeback, Color::North));
        let told = notice(locale, &offers, Color::South, "Ben").unwrap();
        assert!(told.starts_with("Ben asks to take back"), "{told}");
        let mine = notice(locale, &offers, Color::North, "Aki").unwrap();
        assert!(mine.contains("Aki's answer"), "{mine}");
        offers.waiting = None;
        offers.closed = Some((Offer::Draw, Color::South, Closed::Declined));
        let declined = notice(locale, &offers, Color::South, "Ben").unwrap();
        assert_eq!(declined, "Ben declined your offer.");
        let you = notice(Locale::ja, &offers, Color::North, "Aki").unwrap();
        assert_eq!(you, td_string!(Locale::ja, offers.declined_by_you));
    }
}
