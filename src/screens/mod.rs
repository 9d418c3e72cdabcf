//! One component per page.

mod end;
mod hints;
mod home;
mod not_found;
mod play;
mod setup;

pub use end::End;
pub use home::Home;
pub use not_found::NotFound;
pub use play::Play;
pub use setup::SetupScreen;
