/**
 * SQL of the notifications table for another module's statement, which stores a move's notifications in the same
 * round trip as the move (a deal's step). Arguments are SQL expressions of the caller's statement.
 */

/**
 * Stores a notification for each element of `rows`, a jsonb array of `{ user_id, type, title, message, data }`, unread
 * and stamped `at`; answers their ids, in the array's order.
 */
export const insertNotificationsSql = (rows: string, at: string) =>
  `insert into notifications (user_id, type, title, message, is_read, data, created_at)
    select n.user_id, n.type, n.title, n.message, false, n.data, ${at}
    from rows from (jsonb_populate_recordset(null::notifications, ${rows})) with ordinality as n order by n.ordinality
    returning id`
