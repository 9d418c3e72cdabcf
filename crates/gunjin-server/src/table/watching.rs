//! A table's audience and chat, as its task handles them: spectators
//! told the public game ([`Referee::public_message`]) and the table
//! without anyone's draft, the chat's lines stored before anyone is told
//! them, and the players' switches.

use gunjin_rules::Color;
use gunjin_table::{ChatAct, ChatLine, ChatNews, ErrorCode, ServerMessage, WatchNews};
use tracing::{error, warn};

use super::Table;
use crate::audience::{self, AudienceCommand, Watcher};
use crate::clock::unix_millis;
use crate::referee::Referee;
use crate::refusal::Refusal;
use crate::seat::Conn;
use crate::seats::SIDES;
use crate::talk::{Reader, Talk};

impl<R: Referee> Table<R> {
    pub(super) async fn audience_command(&mut self, cmd: AudienceCommand) {
        match cmd {
            AudienceCommand::Watch { name, conn, reply } => {
                let result = match self.switches.no_spectators {
                    true => Err(audience::forbidden()),
                    false => Ok(()),
                };
                if result.is_ok() {
                    self.watch(name, conn);
                }
                let _ = reply.send(result);
            }
            AudienceCommand::Leave { conn } => {
                if self.audience.leave(conn) {
                    self.tell_audience();
                }
            }
            AudienceCommand::Chat { side, conn, act } => {
                if let Err(refusal) = self.chat(side, conn, act).await {
                    self.tell_one(side, conn, &refusal.to_message());
                }
            }
            AudienceCommand::Allow {
                side,
                conn,
                allowed,
            } => {
                if self.seats.plays(side, conn) {
                    self.switches.no_spectators = !allowed;
                    self.save_table().await;
                    if !allowed {
                        self.audience.close_all(Some(&audience::forbidden()));
                    }
                    self.tell_audience();
                }
            }
        }
    }

    /// A spectator arrives: its welcome, the table, who watches, its
    /// room's chat, and the game as everyone may know it.
    fn watch(&mut self, name: String, conn: Conn) {
        let id = conn.id;
        self.audience.add(Watcher { conn, name });
        let watching = ServerMessage::Watch(WatchNews::Watching {
            table: self.id.clone(),
        });
        let mut first = vec![watching, self.stand()];
        first.push(
            self.talk
                .log(Reader::Spectator, !self.switches.no_free_text),
        );
        if self.unsaved.is_some() {
            self.watchers_viewless = true;
        } else if let Some(game) = self.stage.game() {
            first.push(R::public_message(game, false));
            first.extend(R::over_message(game));
            first.extend(self.clock_message());
        }
        for msg in &first {
            self.audience.send_to(id, msg);
        }
        self.tell_audience();
    }

    /// The table as a spectator sees it.
    pub(super) fn stand(&self) -> ServerMessage {
        let mut state = self.table_state(Color::South);
        state.phase = self.stage.public_phase(self.rules, unix_millis());
        ServerMessage::Watch(WatchNews::Stand(state))
    }

    /// Tells the seats and the spectators how many watch.
    pub(super) fn tell_audience(&mut self) {
        let news = self.audience.news(self.switches);
        for side in SIDES {
            self.send(side, &news);
        }
        self.audience.send(&news);
    }

    /// What a seat is told of its table's audience and chat on sitting
    /// down.
    pub(super) fn greet_seat(&mut self, side: Color) {
        let over = self.stage.game().is_some_and(R::is_over);
        let log = self
            .talk
            .log(Reader::Player { over }, !self.switches.no_free_text);
        let news = self.audience.news(self.switches);
        self.send(side, &log);
        self.send(side, &news);
    }

    /// At the end, the players may read the spectators' room too.
    pub(super) fn show_players_everything(&mut self) {
        let log = self
            .talk
            .log(Reader::Player { over: true }, !self.switches.no_free_text);
        for side in SIDES {
            self.send(side, &log);
        }
    }

    async fn chat(&mut self, side: Option<Color>, conn: u64, act: ChatAct) -> Result<(), Refusal> {
        let name = match side {
            Some(side) if self.seats.plays(side, conn) => {
                self.seats.held[side].as_ref().map(|seat| seat.name.clone())
            }
            Some(_) => return Ok(()),
            None => self.audience.name(conn).map(str::to_owned),
        };
        let Some(name) = name else { return Ok(()) };
        let said = match act {
            ChatAct::Say(said) => said,
            ChatAct::FreeText { allowed } => return self.allow_free_text(side, allowed).await,
        };
        let free_text = !self.switches.no_free_text;
        let line = Talk::line(&name, side, said, free_text, unix_millis())?;
        self.say(line).await
    }

    /// Stores the line, then tells its room's readers.
    async fn say(&mut self, line: ChatLine) -> Result<(), Refusal> {
        let json = serde_json::to_string(&line).expect("a chat line serializes");
        if let Err(e) = self.host.store.say(&self.id, json).await {
            error!("store: a chat line: {e}");
            return Err(Refusal::new(
                ErrorCode::CannotSave,
                "the server cannot save the chat right now",
            ));
        }
        let over = self.stage.game().is_some_and(R::is_over);
        let msg = ServerMessage::Chat(ChatNews::Chat(line.clone()));
        if (Reader::Player { over }).reads(line.room) {
            for side in SIDES {
                self.send(side, &msg);
            }
        }
        if Reader::Spectator.reads(line.room) {
            self.audience.send(&msg);
        }
        self.talk.add(line);
        Ok(())
    }

    async fn allow_free_text(&mut self, side: Option<Color>, allowed: bool) -> Result<(), Refusal> {
        if side != Some(Color::South) {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host allows or turns off free text",
            ));
        }
        self.switches.no_free_text = !allowed;
        self.save_table().await;
        let msg = ServerMessage::Chat(ChatNews::FreeText { allowed });
        for side in SIDES {
            self.send(side, &msg);
        }
        self.audience.send(&msg);
        Ok(())
    }

    /// Tells a seat (by side) or a spectator (none) alone.
    fn tell_one(&mut self, side: Option<Color>, conn: u64, msg: &ServerMessage) {
        match side {
            Some(side) if self.seats.plays(side, conn) => self.send(side, msg),
            Some(_) => {}
            None => self.audience.send_to(conn, msg),
        }
    }

    /// The chat the store kept for this table; lines that do not read
    /// (a later build's) are left out.
    pub(super) async fn load_talk(&mut self) {
        let lines = match self.host.store.chat(&self.id).await {
            Ok(lines) => lines,
            Err(e) => return error!("store: the chat: {e}"),
        };
        let lines = lines
            .iter()
            .filter_map(|json| {
                serde_json::from_str(json)
                    .inspect_err(|e| warn!("a chat line that does not read: {e}"))
                    .ok()
            })
            .collect();
        self.talk = Talk::of(lines);
    }
}
