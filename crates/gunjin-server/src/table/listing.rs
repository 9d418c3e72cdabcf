//! A table in the lobby: its host lists it while it waits for a player,
//! or takes it back to private; it leaves the lobby when joined (or the
//! CPU sits down) and when it closes (`Store::delete_table`).

use gunjin_rules::Color;
use gunjin_table::{ErrorCode, LobbyNews, ServerMessage};
use tracing::error;

use super::Table;
use crate::clock::unix_millis;
use crate::referee::Referee;
use crate::refusal::Refusal;
use crate::room;
use crate::stage::Stage;

impl<R: Referee> Table<R> {
    /// Lists the table in the lobby, or unlists it, for its host while
    /// nobody joined it; the host is told which it is now.
    pub(super) async fn list(&mut self, side: Color, listed: bool) -> Result<(), Refusal> {
        if side != Color::South {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host lists the table",
            ));
        }
        if !matches!(self.stage, Stage::Waiting) {
            return Err(Refusal::new(ErrorCode::WrongPhase, "both seats are taken"));
        }
        // Nothing of the table is held across the store's await: a
        // table's task is `Send`, not `Sync`.
        let (store, id) = (self.host.store.clone(), self.id.clone());
        let stored = match listed {
            true => {
                let open = self.invitation().open();
                room::list(&store, &id, &open, unix_millis()).await
            }
            false => room::unlist(&store, &id).await,
        };
        stored.map_err(|e| {
            error!(table = %id, "store: listing the table: {e}");
            Refusal::new(
                ErrorCode::CannotSave,
                "the lobby cannot be changed right now",
            )
        })?;
        let news = LobbyNews::Listed { listed };
        self.send(side, &ServerMessage::Lobby(news));
        Ok(())
    }

    /// Takes the table out of the lobby: someone sat down.
    pub(super) async fn unlist(&mut self) {
        let (store, id) = (self.host.store.clone(), self.id.clone());
        if let Err(e) = room::unlist(&store, &id).await {
            error!(table = %id, "store: unlisting the table: {e}");
        }
    }
}
