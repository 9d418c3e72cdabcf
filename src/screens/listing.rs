//! The host's switch, while the table waits for its opponent: listed in
//! the lobby (anyone there may sit down) or private (the invite link
//! only, as every table opens). The server says which it is now.

use leptos::prelude::*;

use crate::i18n::*;
use crate::online::Online;

#[component]
pub fn ListInLobby() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    view! {
        <label class="list-in-lobby">
            <input
                type="checkbox"
                class="list-table"
                prop:checked=move || online.listed.get()
                on:change=move |ev| online.list(event_target_checked(&ev))
            />
            <span>{t!(i18n, lobby.list)}</span>
        </label>
        <p class="hint">{t!(i18n, lobby.list_hint)}</p>
    }
}
