import type { TransactionSql } from "postgres";
import { addFaqEntry, fileUnansweredQuestions } from "../../worker/data/questions.ts";
import type { TenantScope } from "../../worker/data/tenant.ts";

/*
 * The demo salon's questions, in Czech like the rest of its demo: a few its callers asked
 * that the assistant could not answer (one of them on three calls, in different words), filed
 * on its seeded calls the way a call's summary files them, and the FAQ its owner has written.
 */

/** Open questions, each with the wordings of the calls it was asked on, oldest call first. */
const OPEN_QUESTIONS: string[][] = [
  ["Prodáváte i kosmetiku, kterou u vás používáte?", "Můžu si u vás koupit ten šampon, co používáte?", "Prodáváte vlasovou kosmetiku?"],
  ["Stříháte i děti? Kolik stojí dětský střih?"],
  ["Můžu si s sebou vzít psa?"],
  ["Děláte i svatební účesy mimo salon?"],
];

const FAQ = [
  { question: "Dá se u vás zaparkovat?", answer: "Ve Vinohradské ulici je placené stání v modré zóně. Nejbližší parkovací dům je v Italské ulici, odtud jsou to asi tři minuty pěšky." },
  { question: "Můžu platit kartou?", answer: "Ano, platit můžete kartou, mobilem i v hotovosti." },
  { question: "Prodáváte dárkové poukazy?", answer: "Ano, na libovolnou částku i na konkrétní službu. Koupíte je přímo v salonu a platí dvanáct měsíců." },
  { question: "Jak se k vám dostanu MHD?", answer: "Nejbližší zastávka je Náměstí Míru, metro A i tramvaje. Od ní jsou to asi dvě minuty pěšky." },
];

export async function seedQuestions(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; owner_id: string }[]>`
    select s.id, s.owner_id from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  // The seed runs as the database's owner in a transaction of its own; the data layer's
  // functions take it as the salon's scope.
  const scope: TenantScope = { sql: tx, salonId: salon.id, userId: salon.owner_id };
  // Written a minute apart, so the FAQ lists them in this order.
  for (const [index, entry] of FAQ.entries()) {
    const { id } = await addFaqEntry(scope, entry);
    await tx`update salon_questions set updated_at = now() - make_interval(mins => ${index}) where id = ${id}`;
  }

  // Calls someone spoke on, from phones: as many as the questions' wordings, oldest first.
  const wordings = OPEN_QUESTIONS.flat().length;
  const calls = await tx<{ id: string }[]>`
    select id from (
      select id, call_started_at from calls
      where salon_id = ${salon.id} and from_number like '+%' and call_duration > 0
      order by call_started_at desc limit ${wordings}
    ) newest order by call_started_at`;
  let next = 0;
  // One question a call, the repeated one's calls spread out: round by round over the questions.
  for (let round = 0; next < calls.length && OPEN_QUESTIONS.some((asked) => asked[round]); round++) {
    for (const asked of OPEN_QUESTIONS) {
      const question = asked[round];
      const call = calls[next];
      if (!question || !call) continue;
      next++;
      const [open] = await tx<{ id: string }[]>`select id from salon_questions where salon_id = ${salon.id} and question = ${asked[0]!}`;
      await fileUnansweredQuestions(scope, call.id, [{ question, repeats: open?.id ?? null }]);
    }
  }
  // Filed now, each question was last asked on its newest call.
  await tx`
    update salon_questions q set updated_at = asked.last
    from (select qc.question_id, max(c.call_started_at) as last
          from salon_question_calls qc join calls c on c.id = qc.call_id
          where qc.salon_id = ${salon.id} group by qc.question_id) asked
    where q.id = asked.question_id and q.salon_id = ${salon.id}`;
}
