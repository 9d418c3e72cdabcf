//! One component per page.

mod end;
mod hints;
mod home;
mod not_found;
mod play;
mod rules_link;
mod setup;
mod your_data;

pub use end::End;
pub use home::Home;
pub use not_found::NotFound;
pub use play::Play;
pub use rules_link::RulesLink;
pub use setup::SetupScreen;
