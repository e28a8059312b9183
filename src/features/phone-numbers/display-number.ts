import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** A stored E.164 number grouped the way it is dialled: +420777123456 reads +420 777 123 456. */
export const displayNumber = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
