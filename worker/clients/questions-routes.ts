import { Hono } from "hono";
import { faqEntrySchema, questionAnswerSchema, questionListQuery } from "../../contract/questions.ts";
import { addFaqEntry, answerQuestion, deleteQuestion, listQuestions, setQuestionAside } from "../data/questions.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody, query } from "../platform/http/validate.ts";

/**
 * Everything under /api/dashboard/questions: the questions callers asked that the assistant
 * could not answer, and the salon's FAQ, which answering one adds to.
 */
export const questionRoutes = new Hono<SalonEnv>()
  .use(allow("assistants"))
  .get("/", query(questionListQuery), async (c) => {
    const { state } = c.req.valid("query");
    return c.json({ items: await inSalon(c, (scope) => listQuestions(scope, state)) });
  })
  .post("/", jsonBody(faqEntrySchema), async (c) => {
    const entry = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => addFaqEntry(scope, entry)), 201);
  })
  .put("/:id", jsonBody(questionAnswerSchema), async (c) => {
    const id = rowId(c);
    const answered = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => answerQuestion(scope, id, answered)));
  })
  .post("/:id/dismiss", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => setQuestionAside(scope, id, true)));
  })
  .post("/:id/reopen", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => setQuestionAside(scope, id, false)));
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deleteQuestion(scope, id));
    return c.body(null, 204);
  });
