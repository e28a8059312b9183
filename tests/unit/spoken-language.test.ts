import { describe, expect, it } from "vitest";
import { DEFAULT_GREETINGS } from "../../contract/assistant-instructions.ts";
import { LANGUAGES } from "../../contract/languages.ts";
import { spokenLanguage } from "../../contract/spoken-language.ts";
import { languageRule, languageSwitch } from "../../worker/calls/engine/session-config.ts";

describe("the language a caller speaks", () => {
  it("is read from what they said, in English, German or Czech", () => {
    expect(spokenLanguage("Hello, I would like to book a haircut for tomorrow, please.")).toBe("en");
    expect(spokenLanguage("Guten Tag, ich möchte bitte einen Termin für morgen.")).toBe("de");
    expect(spokenLanguage("Dobrý den, chtěla bych se objednat na střih na zítra.")).toBe("cs");
    // Without diacritics too, as a transcript may come.
    expect(spokenLanguage("Dobry den, mohu se objednat na zitra?")).toBe("cs");
    expect(spokenLanguage("Ich habe eine Frage zu den Preisen")).toBe("de");
  });

  it("tells each default greeting's language, which the call greets in", () => {
    for (const language of LANGUAGES) expect(spokenLanguage(DEFAULT_GREETINGS[language])).toBe(language);
  });

  it("decides nothing from a word or a name", () => {
    expect(spokenLanguage("OK")).toBeNull();
    expect(spokenLanguage("Jana Nováková")).toBeNull();
    expect(spokenLanguage("")).toBeNull();
  });
});

describe("what the model is told about languages", () => {
  it("greets in the salon's language, then follows the caller", () => {
    expect(languageRule("de")).toContain("- The greeting is in German.");
    expect(languageRule("cs")).toContain("when the caller changes language, change with them at once");
  });

  it("switches with a system message naming the caller's new language", () => {
    expect(languageSwitch("cs")).toEqual({
      type: "conversation.item.create",
      item: {
        type: "message",
        role: "system",
        content: [{ type: "input_text", text: "The caller is now speaking Czech. Answer in Czech from now on, until they change language again." }],
      },
    });
  });
});
