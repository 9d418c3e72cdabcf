//! How far the player is in the lessons (`#/learn`): the steps completed
//! in each course, stored under `gunjin-lessons` and in the export file.
//! Steps are kept by their names, so a course that gains or reorders
//! steps keeps what was done; names no course has any more are ignored.

use std::collections::{BTreeMap, BTreeSet};

use lessons::{Course, Step};
use serde::{Deserialize, Serialize};

use crate::storage::{Entry, What};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The completed steps of each course, by course and step name.
    pub done: BTreeMap<String, BTreeSet<String>>,
}

impl Entry for LessonProgress {
    const KEY: &'static str = "gunjin-lessons";
    const VERSION: u32 = 1;
    const WHAT: What = What::Lessons;
}

impl LessonProgress {
    /// Notes `step` of `course` as done; whether that is news.
    pub fn complete(&mut self, course: &Course, step: &Step) -> bool {
        let steps = self.done.entry(course.id.to_owned()).or_default();
        steps.insert(step.id.to_owned())
    }

    pub fn is_done(&self, course: &Course, step: &Step) -> bool {
        self.done
            .get(course.id)
            .is_some_and(|steps| steps.contains(step.id))
    }

    /// How many of the course's steps are done.
    pub fn count(&self, course: &Course) -> usize {
        course
            .steps
            .iter()
            .filter(|step| self.is_done(course, step))
            .count()
    }

    /// Where to go on with a course: its first step not done (the first
    /// step of a course done throughout).
    pub fn next(&self, course: &Course) -> &'static Step {
        let steps = course.steps;
        steps
            .iter()
            .find(|step| !self.is_done(course, step))
            .unwrap_or(&steps[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{from_text, to_text};
    use lessons::COURSES;

    #[test]
    fn progress_counts_the_steps_a_course_has() {
        let course = &COURSES[2];
        let mut progress = LessonProgress::default();
        assert_eq!(progress.next(course).id, course.steps[0].id);
        assert!(progress.complete(course, &course.steps[0]));
        assert!(!progress.complete(course, &course.steps[0]));
        assert_eq!(progress.count(course), 1);
        assert_eq!(progress.next(course).id, course.steps[1].id);
        // A step no course has any more does not count.
        progress
            .done
            .get_mut(course.id)
            .unwrap()
            .insert("gone".into());
        assert_eq!(progress.count(course), 1);
        assert_eq!(progress.count(&COURSES[0]), 0);
    }

    /// The stored text this build writes, and reads back.
    #[test]
    fn the_stored_text_reads_back() {
        let text = r#"{"version":1,"done":{"gunjin_basics":["engineer","plane"]}}"#;
        let progress = from_text::<LessonProgress>(text).unwrap();
        assert!(progress.is_done(&COURSES[0], &COURSES[0].steps[0]));
        assert_eq!(to_text(&progress), text);
    }
}
