//! One component per page (and `strike`: the play screen's strike;
//! `replace`: the question before a new game replaces a stored one).

pub mod end;
mod friend;
mod hints;
pub mod home;
mod listing;
pub mod lobby;
mod not_found;
mod offers;
pub mod play;
pub mod puzzles;
pub mod record_out;
pub mod replace;
pub mod review;
pub mod review_open;
mod rules_link;
pub mod setup;
mod strike;
pub(crate) mod table;
mod table_chat;
pub mod your_data;

pub use end::End;
pub use friend::FriendPage;
pub use home::Home;
pub use not_found::{NotFound, PageUnavailable};
pub use play::Play;
pub use rules_link::RulesLink;
pub use setup::SetupScreen;
pub use table::{TablePage, my_name};
