//! The lessons (`#/learn`): the list of courses with the player's progress,
//! and each step of a course (`#/learn/<course>/<step>`) on the board of its
//! game. What a step asks and whether a try answers it is the `lessons`
//! crate's, which asks the rules crates; the pages only show it. Their
//! words are in the `lessons` namespace (`ui` for the pages', the rest the
//! courses', looked up by the keys the data names), fetched with the pages.

mod courses;
mod gunjin;
mod shogi;
mod step;

use leptos::prelude::*;
use lessons::{Course, Step};

use crate::i18n::*;
use crate::model::lessons::LessonProgress;
use crate::route::Route;
use crate::screens::NotFound;
use crate::state::{self, AppState};
use crate::storage;

/// The lessons' page the path after `#/learn/` names: the list, a step,
/// or "not found" for a course or step no course has.
#[component]
pub fn LearnPage(path: String) -> impl IntoView {
    let found = path.split_once('/').and_then(|(course, step)| {
        let course = lessons::course(course)?;
        Some((course, course.step(step)?.0))
    });
    match found {
        _ if path.is_empty() => view! { <courses::CourseList /> }.into_any(),
        Some((course, index)) => view! { <step::StepPage course index /> }.into_any(),
        None => view! { <NotFound /> }.into_any(),
    }
}

/// A lesson's text by its key under `lessons` (`gunjin_basics.plane.text`):
/// the data names its texts, and a test checks each is in every language.
pub fn words(locale: Locale, key: &str) -> &'static str {
    locale.pages().lesson_text(key).unwrap_or_default()
}

/// A word of the lessons' pages (`ui.<key>`), following the language.
fn ui(i18n: I18nContext, key: &'static str) -> impl Fn() -> &'static str + Copy {
    move || words(i18n.get_locale(), &format!("ui.{key}"))
}

/// The text `field` of a step (`title`, `text`, `hint`, `choice_1`).
fn step_words(locale: Locale, course: &Course, step: &Step, field: &str) -> &'static str {
    words(locale, &format!("{}.{}.{field}", course.id, step.id))
}

/// The address of a step.
fn step_route(course: &Course, step: &Step) -> Route {
    Route::Learn(format!("{}/{}", course.id, step.id))
}

/// The stored progress, read when a page opens (a problem reading it is
/// told, and the lessons start afresh).
fn use_progress() -> RwSignal<LessonProgress> {
    state::read_told()
}

/// Notes a step as done and stores the progress.
fn complete(progress: RwSignal<LessonProgress>, course: &Course, step: &Step) {
    progress.update(|p| {
        p.complete(course, step);
    });
    let app = expect_context::<AppState>();
    app.report(progress.with_untracked(storage::save));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data's keys find their words in every language.
    #[test]
    fn a_step_finds_its_words() {
        for locale in Locale::ALL {
            for course in &lessons::COURSES {
                for step in course.steps {
                    assert!(!step_words(locale, course, step, "title").is_empty());
                }
            }
        }
        assert_eq!(
            words(Locale::en, "shogi_basics.pawn.title"),
            "The pawn (歩)"
        );
        assert_eq!(words(Locale::en, "no.such.key"), "");
        assert_eq!(words(Locale::ja, "ui.next"), "次へ");
    }
}
