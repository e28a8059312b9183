import max from "libphonenumber-js/max/metadata";
import { describe, expect, it } from "vitest";
import { countryOf, displayPhone, isPhoneText, parsePhone, salonCountry, samePhone, toE164 } from "../../contract/phone.ts";
import { salonSchema, stylistSchema } from "../../contract/salon.ts";

describe("matching a caller to a stored number", () => {
  it("matches a Czech number written with or without its country code", () => {
    expect(samePhone("777 123 456", "+420 777 123 456", "CZ")).toBe(true);
    expect(samePhone("+420777123456", "00420 777 123 456", "CZ")).toBe(true);
    expect(samePhone("777-123-456", "777123456", "CZ")).toBe(true);
    // The salon's country unknown: the national number is read in the other one's country.
    expect(samePhone("777123456", "+420 777 123 456")).toBe(true);
    expect(samePhone("+420 777 123 456", "777 123 456")).toBe(true);
    expect(samePhone("777 123 456", "777 123 457", "CZ")).toBe(false);
  });

  it("tells apart numbers of two countries that end in the same nine digits", () => {
    expect(samePhone("+420 912 345 678", "+421 912 345 678", "CZ")).toBe(false);
    expect(samePhone("912 345 678", "+421 912 345 678", "CZ")).toBe(false);
    expect(samePhone("912 345 678", "+421 912 345 678", "SK")).toBe(true);
  });

  it("matches German numbers with their trunk prefix, also in a salon of another country", () => {
    expect(samePhone("030 1234567", "+49 30 1234567", "DE")).toBe(true);
    expect(samePhone("+49 171 2345678", "0171 2345678", "DE")).toBe(true);
    // A German customer of a Czech salon, stored as the customer said it.
    expect(samePhone("030 1234567", "+49 30 1234567", "CZ")).toBe(true);
    expect(samePhone("030 1234567", "+49 40 1234567", "DE")).toBe(false);
  });

  it("matches US numbers however they are grouped", () => {
    expect(samePhone("(415) 555-2671", "+1 415 555 2671", "US")).toBe(true);
    expect(samePhone("415-555-2671", "1 415 555 2671", "US")).toBe(true);
    expect(samePhone("415 555 2671", "+14155552671")).toBe(true);
    expect(samePhone("(415) 555-2671", "(415) 555-2672", "US")).toBe(false);
  });

  it("never matches a withheld, missing or malformed number, not even to itself", () => {
    for (const nobody of ["anonymous", "+266696687", "Restricted", "call me", "12345", ""]) {
      expect(samePhone("+420 777 123 456", nobody, "CZ")).toBe(false);
      expect(samePhone(nobody, nobody, "CZ")).toBe(false);
      expect(samePhone(nobody, nobody)).toBe(false);
    }
    expect(samePhone(null, "+420 777 123 456", "CZ")).toBe(false);
    expect(samePhone("+420 777 123 456", undefined, "CZ")).toBe(false);
  });

  it("compares national numbers of an unknown country digit by digit", () => {
    expect(samePhone("777 123 456", "777-123-456")).toBe(true);
    expect(samePhone("777 123 456", "777 123 457")).toBe(false);
  });
});

describe("phone numbers written by people", () => {
  it("reads international and national numbers, and nothing that is not a valid number", () => {
    expect(parsePhone("+420 777 123 456")?.number).toBe("+420777123456");
    expect(parsePhone("777 123 456", "CZ")?.number).toBe("+420777123456");
    expect(parsePhone("0171 2345678", "DE")?.country).toBe("DE");
    expect(parsePhone("(415) 555-2671", "US")?.number).toBe("+14155552671");
    expect(parsePhone("777 123 456")).toBeUndefined();
    expect(parsePhone("+266696687")).toBeUndefined();
    expect(parsePhone("+420 123")).toBeUndefined();
  });

  it("gives E.164 only for valid numbers without an extension", () => {
    expect(toE164(" +420 777 123 456 ")).toBe("+420777123456");
    expect(toE164("0171 2345678", "DE", max)).toBe("+491712345678");
    expect(toE164("777 600 999", "CZ", max)).toBe("+420777600999");
    for (const refused of ["+44 not a number", "+1234567890", "+420 123", "+420 777 123 456 789", "+420 777 123 456 ext. 5", "0171 2345678"]) {
      expect(toE164(refused, undefined, max)).toBeUndefined();
    }
  });

  it("checks a number's shape with min metadata, and with max the ranges in use too", () => {
    // Czech numbers do not start with 0; none start with 999 either, which only max knows.
    expect(toE164("+420 0301234567")).toBeUndefined();
    expect(toE164("+420 999 123 456")).toBe("+420999123456");
    expect(toE164("+420 999 123 456", undefined, max)).toBeUndefined();
  });

  it("shows a number grouped as it is dialled, and anything else as it is", () => {
    expect(displayPhone("+420777123456")).toBe("+420 777 123 456");
    expect(displayPhone("+14155552671")).toBe("+1 415 555 2671");
    expect(displayPhone("777123456", "CZ")).toBe("+420 777 123 456");
    expect(displayPhone("browser")).toBe("browser");
  });

  it("accepts one phone number in a field, national ones when their country is not known yet", () => {
    for (const number of ["+420 777 123 456", "+420-777-123-456", "+420 (777) 123 456", "+49 30 1234567", "777 123 456", "0171 2345678", "(415) 555-2671", "00420 777 123 456"]) {
      expect(isPhoneText(number), number).toBe(true);
    }
    for (const text of ["call me", "+44 not a number", "+420 123", "+420 777 123 456 789", "+1234567890", "+420 777 123 456 ext. 5", "+999 777 123 456", "12345", "Call +420 777 123 456 now", "777 123 456 mobile"]) {
      expect(isPhoneText(text), text).toBe(false);
    }
    expect(isPhoneText("777 123 456", "CZ")).toBe(true);
    expect(isPhoneText("777 123 45", "CZ")).toBe(false);
  });

  it("is the rule of the salon's and stylists' phone fields", () => {
    const salon = (fields: Record<string, unknown>) => salonSchema.safeParse({ name: "Salon", ...fields });
    expect(salon({ phone: " +420 222 333 444 ", transfer_phone_number: "777 000 111" }).data).toMatchObject({ phone: "+420 222 333 444", transfer_phone_number: "777 000 111" });
    expect(salon({ phone: "", transfer_phone_number: null }).data).toMatchObject({ phone: null, transfer_phone_number: null });
    const refused = salon({ phone: "+420 222 333", transfer_phone_number: "call me" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phone", "validation.phone"],
      ["transfer_phone_number", "validation.phone"],
    ]);
    const stylist = stylistSchema.safeParse({ first_name: "Jana", last_name: "Nováková", phone: "+420 777 123 456 ext. 5" });
    expect(stylist.error?.issues.map((issue) => issue.message)).toEqual(["validation.phone"]);
  });
});

describe("the country of a salon", () => {
  it("reads the Country field in English, German and Czech, or as an ISO code", () => {
    expect(["Germany", "Deutschland", "Německo", "DE", " deutschland "].map((name) => countryOf(name))).toEqual(["DE", "DE", "DE", "DE", "DE"]);
    expect(["Czechia", "Tschechien", "Česko", "cesko", "Czech Republic", "Česká republika"].map((name) => countryOf(name))).toEqual(["CZ", "CZ", "CZ", "CZ", "CZ", "CZ"]);
    expect(["United States", "USA", "US", "Spojené  státy"].map((name) => countryOf(name))).toEqual(["US", "US", "US", "US"]);
    expect(countryOf("Österreich")).toBe("AT");
    expect(countryOf("Atlantis")).toBeUndefined();
    expect(countryOf("")).toBeUndefined();
    expect(countryOf(null)).toBeUndefined();
  });

  it("takes the Country field first, else the country of the salon's own number", () => {
    expect(salonCountry({ country: "Deutschland", phone: "+420 222 333 444" })).toBe("DE");
    expect(salonCountry({ country: null, phone: "+420 222 333 444" })).toBe("CZ");
    expect(salonCountry({ country: "Atlantis", phone: "222 333 444" })).toBeUndefined();
  });
});
