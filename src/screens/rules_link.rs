use gunjin_rules::{Mode, ParseRulesError, Preset, Rules};
use leptos::prelude::*;

use crate::i18n::*;
use crate::route::Route;
use crate::state::AppState;
use crate::text;

/// What a rules link (`#/rules/<code>`) does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Set(Preset, Mode),
    NotOffered,
    Bad(ParseRulesError),
}

fn outcome(code: &str) -> Outcome {
    match code.parse::<Rules>() {
        Ok(rules) => rules.preset().map_or(Outcome::NotOffered, |preset| {
            Outcome::Set(preset, rules.mode)
        }),
        Err(e) => Outcome::Bad(e),
    }
}

/// A link that sets the rules: a preset's code, with its mode if any,
/// chooses both; any other code
/// gets one sentence saying why nothing changed, and a way on.
#[component]
pub fn RulesLink(code: String) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let outcome = outcome(&code);
    if let Outcome::Set(preset, mode) = outcome {
        // Once the page this one replaces is gone: a home page left with
        // its settings open must not redraw them on its way out.
        Effect::new(move |_| {
            state.saved.update(|s| {
                s.settings.preset = preset;
                s.settings.mode = mode;
            })
        });
    }
    let ok = matches!(outcome, Outcome::Set(..));
    let message = move || match &outcome {
        Outcome::Set(preset, mode) => {
            let name = text::preset_name(i18n.get_locale(), *preset);
            t_string!(
                i18n,
                common.rules_link_set,
                mode = text::mode_name(i18n.get_locale(), *mode),
                preset = name,
                code = code.clone()
            )
            .to_string()
        }
        Outcome::NotOffered => {
            t_string!(i18n, common.rules_link_custom, code = code.clone())
        }
        Outcome::Bad(error) => {
            let reason = text::rules_code_error(i18n.get_locale(), error);
            t_string!(i18n, common.rules_link_bad, reason = reason)
        }
    };
    view! {
        <section class="not-found rules-link" aria-labelledby="rules-link-title">
            <h2 id="rules-link-title">{t!(i18n, common.link_title)}</h2>
            <p role=if ok { "status" } else { "alert" }>{message}</p>
            <p>
                {ok
                    .then(|| {
                        view! {
                            <a class="button" href=Route::Setup.hash()>
                                {t!(i18n, common.play_cpu)}
                            </a>
                            " "
                        }
                    })}
                <a class="button secondary" href=Route::Home.hash()>
                    {t!(i18n, common.go_home)}
                </a>
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_presets_or_explain_themselves() {
        assert_eq!(
            outcome("texrt"),
            Outcome::Set(Preset::Traditional, Mode::Standard)
        );
        assert_eq!(
            outcome("htsrf"),
            Outcome::Set(Preset::Kirakuken, Mode::Standard)
        );
        assert_eq!(
            outcome("c25-texrt"),
            Outcome::Set(Preset::Traditional, Mode::Classic25)
        );
        assert_eq!(outcome("a21-htsof"), Outcome::NotOffered);
        assert!(matches!(
            outcome("x9-htsrf"),
            Outcome::Bad(ParseRulesError::Mode { .. })
        ));
        assert_eq!(outcome("htsof"), Outcome::NotOffered);
        assert!(matches!(
            outcome("zz"),
            Outcome::Bad(ParseRulesError::Length { .. })
        ));
    }
}
