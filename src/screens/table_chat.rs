//! A table's chat beside its game: the lines of the rooms this seat
//! reads (each phrase in the reader's own language, free text always as
//! text, never markup), the phrases, free text where the host allows it,
//! a mute of the opponent (this page's alone), and the players' switches.

use gunjin_rules::Color;
use gunjin_table::{ChatLine, MAX_CHAT_CHARS, Phrase, Said};
use leptos::prelude::*;

use crate::i18n::*;
use crate::online::Online;

#[component]
pub fn TableChat() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let muted = RwSignal::new(false);
    let you = move || online.side().unwrap_or(Color::South);
    let lines = move || online.chat.with(|c| c.shown(you(), muted.get()));
    view! {
        <section class="table-chat" aria-labelledby="chat-title">
            <h3 id="chat-title">{t!(i18n, chat.title)}</h3>
            <ol class="chat-lines" aria-live="polite">
                // Lines only add up, or come whole again in a log.
                <For each=move || lines().into_iter().enumerate() key=|(i, line)| (*i, line.at)
                    let:((_, line))>
                    <ChatLineItem line />
                </For>
            </ol>
            <Show when=move || lines().is_empty()>
                <p class="chat-empty">{t!(i18n, chat.empty)}</p>
            </Show>
            <PhraseButtons />
            <FreeText />
            <ChatSwitches muted />
        </section>
    }
}

/// One line: who said it, and what, in the reader's language.
#[component]
fn ChatLineItem(line: ChatLine) -> impl IntoView {
    let i18n = use_i18n();
    let said = move || match &line.said {
        Said::Phrase(phrase) => phrase_text(i18n, *phrase).to_owned(),
        Said::Text(text) => text.clone(),
    };
    view! {
        <li class="chat-line" data-side=line.side.map(|s| format!("{s:?}"))>
            <span class="chat-name">{line.name.clone()}</span>
            ": "
            <span class="chat-said">{said}</span>
        </li>
    }
}

/// A phrase in the reader's language.
fn phrase_text(i18n: I18nContext, phrase: Phrase) -> &'static str {
    match phrase {
        Phrase::Hello => t_string!(i18n, chat.hello),
        Phrase::GoodLuck => t_string!(i18n, chat.good_luck),
        Phrase::WellPlayed => t_string!(i18n, chat.well_played),
        Phrase::ThankYou => t_string!(i18n, chat.thank_you),
        Phrase::OneMoment => t_string!(i18n, chat.one_moment),
        Phrase::Rematch => t_string!(i18n, chat.rematch),
        Phrase::GoodGame => t_string!(i18n, chat.good_game),
        Phrase::Oops => t_string!(i18n, chat.oops),
    }
}

#[component]
fn PhraseButtons() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    view! {
        <div class="chat-phrases" role="group" aria-label=move || t_string!(i18n, chat.phrases)>
            {Phrase::ALL
                .map(|phrase| {
                    view! {
                        <button type="button" class="chat-phrase" data-phrase=format!("{phrase:?}")
                            on:click=move |_| online.say(Said::Phrase(phrase))>
                            {move || phrase_text(i18n, phrase)}
                        </button>
                    }
                })}
        </div>
    }
}

/// Free text, where the host allows it.
#[component]
fn FreeText() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let text = RwSignal::new(String::new());
    let send = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let said = text.get_untracked();
        if !said.trim().is_empty() {
            online.say(Said::Text(said));
            text.set(String::new());
        }
    };
    let allowed = move || online.chat.with(|c| c.free_text);
    view! {
        <Show when=allowed fallback=move || view! {
            <p class="chat-free-off">{t!(i18n, chat.free_text_off)}</p>
        }>
            <form class="chat-form" on:submit=send>
                <input type="text" class="chat-input" maxlength=MAX_CHAT_CHARS
                    aria-label=move || t_string!(i18n, chat.free_text) bind:value=text />
                <button type="submit">{t!(i18n, chat.send)}</button>
            </form>
        </Show>
    }
}

/// The mute (this page's), the host's free-text switch, either player's
/// spectators switch, and how many watch.
#[component]
fn ChatSwitches(muted: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let host = move || online.side() == Some(Color::South);
    let chat = move || online.chat.get();
    view! {
        <div class="chat-switches">
            <label><input type="checkbox" class="chat-mute" bind:checked=muted />
                {t!(i18n, chat.mute)}</label>
            <Show when=host>
                <label><input type="checkbox" class="chat-allow-text" prop:checked=move || chat().free_text
                    on:change=move |ev| online.allow_free_text(event_target_checked(&ev)) />
                    {t!(i18n, chat.allow_free_text)}</label>
            </Show>
            <label><input type="checkbox" class="chat-spectators" prop:checked=move || chat().spectators
                on:change=move |ev| online.allow_spectators(event_target_checked(&ev)) />
                {t!(i18n, chat.spectators)}</label>
            <span class="chat-watching">
                {move || t_string!(i18n, chat.watching, count = chat().watching).to_string()}
            </span>
        </div>
    }
}
