import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../worker/platform/openapi/document.ts";

// The validator reads its schemas from disk, which the Workers runtime of the worker tests
// cannot; the document is the one the Worker serves (tests/worker/openapi.test.ts holds them equal).
describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument("https://recepta.example"));
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("fails validation when a required part is missing", async () => {
    const { info: _info, ...broken } = openApiDocument("https://recepta.example");
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
});
