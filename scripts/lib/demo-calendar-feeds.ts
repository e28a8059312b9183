import type { TransactionSql } from "postgres";
import { createHash, randomBytes } from "node:crypto";

/** The demo salon's calendar feed, and one for its first stylist, so the Calendar sync tab shows both states. */
export async function seedCalendarFeeds(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ salon_id: string; stylist_id: string }[]>`
    select s.id as salon_id,
      (select st.id from stylists st where st.salon_id = s.id and st.is_active order by st.first_name, st.last_name limit 1) as stylist_id
    from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  for (const stylistId of [null, salon.stylist_id]) {
    // As the Worker makes them: 256 random bits, URL-safe base64, looked up by SHA-256.
    const token = randomBytes(32).toString("base64url");
    await tx`insert into calendar_feeds (salon_id, stylist_id, token, token_hash)
             values (${salon.salon_id}, ${stylistId}, ${token}, ${createHash("sha256").update(token).digest()})
             on conflict on constraint calendar_feeds_one_each do nothing`;
  }
}
