//! The lobby's connection: one WebSocket, seated nowhere, that follows the
//! lobby while its page is shown and carries the player's seek. Closed
//! when the page is left (the server then drops the seek).

use gunjin_table::{ClientMessage, LobbyAct, ServerMessage};
use leptos::wasm_bindgen::JsCast;
use leptos::wasm_bindgen::closure::Closure;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

use super::socket::ws_url;

/// The open connection and its handlers, dropped (and closed) together.
pub struct LobbyLink {
    ws: WebSocket,
    _on_open: Closure<dyn FnMut(Event)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

impl LobbyLink {
    /// Connects and follows the lobby: each message the server sends goes
    /// to `told`, and `closed` runs if the connection ends.
    pub fn open(
        mut told: impl FnMut(ServerMessage) + 'static,
        mut closed: impl FnMut() + 'static,
    ) -> Option<LobbyLink> {
        let ws = WebSocket::new(&ws_url(None)).ok()?;
        let on_open = Closure::<dyn FnMut(Event)>::new({
            let ws = ws.clone();
            move |_: Event| {
                let _ = ws.send_with_str(&text(LobbyAct::FollowLobby));
            }
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let message = event.data().as_string();
            if let Some(message) = message.and_then(|m| serde_json::from_str(&m).ok()) {
                told(message);
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| closed());
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        Some(LobbyLink {
            ws,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        })
    }

    /// Sends `act`; false if the connection is not up.
    pub fn send(&self, act: LobbyAct) -> bool {
        self.ws.send_with_str(&text(act)).is_ok()
    }
}

impl Drop for LobbyLink {
    fn drop(&mut self) {
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

fn text(act: LobbyAct) -> String {
    serde_json::to_string(&ClientMessage::Lobby(act)).expect("client messages serialize")
}
