//! One component per page (and `strike`: the play screen's strike).

pub mod end;
mod friend;
mod hints;
mod home;
mod not_found;
pub mod play;
mod rules_link;
pub mod setup;
mod strike;
mod table;
pub mod your_data;

pub use end::End;
pub use friend::FriendPage;
pub use home::Home;
pub use not_found::{NotFound, PageUnavailable};
pub use play::Play;
pub use rules_link::RulesLink;
pub use setup::SetupScreen;
pub use table::{TablePage, my_name};
