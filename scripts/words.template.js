// The home page's words in the reader's language, fetched beside the app
// (scripts/split.mjs puts this script into index.html with the build's
// file names; src/i18n.rs takes the text, src/lib.rs `initial_locale`
// picks the language the same way): the stored choice, else the browser's.
(() => {
  const files = /*FILES*/{};
  let code;
  try {
    const saved = JSON.parse(localStorage.getItem("gunjin"));
    if (saved.version === 1) code = saved.settings.locale;
  } catch {}
  code = typeof code === "string" ? code : navigator.language || "";
  const lang = Object.keys(files).find((lang) => code.startsWith(lang)) ?? "en";
  window.gunjinWords = { lang, text: fetch(files[lang]).then((r) => (r.ok ? r.text() : null), () => null) };
})();
