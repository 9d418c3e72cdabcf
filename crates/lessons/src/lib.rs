//! The lessons of both games (`#/learn`): courses of small steps, each a
//! position with a goal, written as data ([`COURSES`]) and checked move by
//! move by the games' own rules crates ([`Lesson`]), so a lesson never
//! states a rule of its own. Texts are keys into the app's
//! `lessons` namespace (`locales/<lang>/lessons.json`), never words in the
//! data.
//! How a course is written: `docs/LESSONS.md`.
//!
//! ```
//! use lessons::{COURSES, Lesson, Verdict};
//! let course = &COURSES[0];
//! let mut lesson = Lesson::new(&course.steps[0]);
//! assert_eq!(lesson.try_gunjin("a2-a7".parse().unwrap()), Verdict::Done);
//! ```

mod course;
mod courses;
mod goal;
mod lesson;

pub use course::{Course, Game, Step, Task};
pub use courses::COURSES;
pub use goal::{GunjinGoal, ShogiGoal};
pub use lesson::{Board, Lesson, Reason, Verdict};

/// The course named `id`.
pub fn course(id: &str) -> Option<&'static Course> {
    COURSES.iter().find(|course| course.id == id)
}
