//! A refused request: the error code and a message for the player.

use gunjin_table::{ErrorCode, ServerMessage};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::error(self.code, self.message.clone())
    }
}
