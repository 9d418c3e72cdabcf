//! A table's offers: a draw, a takeback, a rematch, made by one seat and
//! answered by the other ([`Offers`] keeps which one waits and refuses
//! floods; the referee plays what is accepted). A CPU seat declines every
//! offer at once.

use gunjin_rules::Color;
use gunjin_table::{Closed, ErrorCode, Offer, OfferAct, OfferNews, ServerMessage};
use tracing::error;

use super::{Held, Table};
use crate::clock::unix_millis;
use crate::referee::Referee;
use crate::refusal::Refusal;
use crate::seat::Seat;
use crate::seats::SIDES;
use crate::stage::Stage;
use crate::store::StoredTable;
use crate::token;

impl<R: Referee> Table<R> {
    pub(super) async fn offer_act(&mut self, side: Color, act: OfferAct) -> Result<(), Refusal> {
        match act {
            OfferAct::Offer(offer) => {
                let ply = self.may_offer(side, offer)?;
                self.offers.offer(offer, side, ply)?;
                self.tell_offers(OfferNews::Offered { offer, by: side });
                if self.seats.cpu(!side).is_some() {
                    self.offers.answer(offer, !side)?;
                    self.offer_closed(Some((offer, side, Closed::Declined)));
                }
                Ok(())
            }
            OfferAct::Answer { offer, accept } => {
                if accept {
                    self.may_offer(!side, offer)?;
                }
                let by = self.offers.answer(offer, side)?;
                if !accept {
                    self.offer_closed(Some((offer, by, Closed::Declined)));
                    return Ok(());
                }
                self.offer_closed(Some((offer, by, Closed::Accepted)));
                self.accept(offer, by).await
            }
        }
    }

    /// Whether `by` may make this offer now, and the game's ply: a draw
    /// or a takeback while the game is on, a rematch once it is over.
    fn may_offer(&mut self, by: Color, offer: Offer) -> Result<usize, Refusal> {
        let game = match (offer, &mut self.stage) {
            (Offer::Rematch, Stage::Over(game)) => game,
            (Offer::Rematch, _) => {
                return Err(Refusal::new(ErrorCode::WrongPhase, "the game is not over"));
            }
            (_, stage) => stage.playing()?,
        };
        if offer == Offer::Takeback {
            R::may_take_back(game, by)?;
        }
        Ok(R::ply(game))
    }

    /// Plays what the offer accepted asks: the game ends drawn, moves are
    /// taken back (the running turn charged, the asker's turn begins), or
    /// the rematch's table opens.
    async fn accept(&mut self, offer: Offer, by: Color) -> Result<(), Refusal> {
        match offer {
            Offer::Draw => self.end_game(by, |game, _| R::agree_draw(game)).await,
            Offer::Takeback => {
                let game = self.stage.playing()?;
                let running = R::turn(game);
                R::take_back(game, by)?;
                if let Some(clock) = &mut self.clock {
                    clock.moved(running);
                    self.save_table().await;
                }
                self.store_and_announce(Held::Move { played: false }).await;
                Ok(())
            }
            Offer::Rematch => self.rematch().await,
        }
    }

    /// Opens the rematch's table: the same players (new tokens), rules
    /// and clock, the other seat first (Shogi's Sente). Its game starts
    /// when it first runs (`Table::run`); each seat is sent its token.
    async fn rematch(&mut self) -> Result<(), Refusal> {
        let seats = self.seats.held.clone().map(|seat| {
            seat.map(|seat| Seat {
                token: token::random_id(),
                ..seat
            })
        });
        let table = StoredTable::<R> {
            id: token::random_id(),
            game: R::GAME,
            rules: self.rules,
            seats,
            first: !self.first,
            seed: token::random_seed(),
            setup_deadline: None,
            drafts: Default::default(),
            ready: Default::default(),
            touched: unix_millis(),
            clock: self.clock.as_ref().map(|c| c.clock),
            clock_left: None,
            // The players' switches (spectators, free text) stay theirs.
            switches: self.switches,
        };
        if let Err(e) = self.host.store.save_table(&table).await {
            error!("store: the rematch's table: {e}");
            return Err(Refusal::new(
                ErrorCode::CannotSave,
                "the server cannot open the rematch's table right now",
            ));
        }
        for side in SIDES {
            if let Some(seat) = &table.seats[side] {
                let news = OfferNews::Rematch {
                    table: table.id.clone(),
                    token: seat.token.clone(),
                    side,
                };
                self.send(side, &news.into());
            }
        }
        Ok(())
    }

    /// Tells both seats how an offer closed, if one did.
    pub(super) fn offer_closed(&mut self, closed: Option<(Offer, Color, Closed)>) {
        if let Some((offer, by, closed)) = closed {
            self.tell_offers(OfferNews::Closed { offer, by, closed });
        }
    }

    fn tell_offers(&mut self, news: OfferNews) {
        let message = ServerMessage::from(news);
        for side in SIDES {
            self.send(side, &message);
        }
    }
}
