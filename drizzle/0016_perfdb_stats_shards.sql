-- custom: decision 047. The /avis rollup's triggers count in the row of their connection's shard
-- (pg_backend_pid() % 64): concurrent submissions of one restaurant no longer queue on one row lock at
-- commit. Readers sum the shards; housekeeping folds the shards of past days back into shard 0.
CREATE OR REPLACE FUNCTION "feedback_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feedback_stats AS s (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, count, shard)
  VALUES (NEW.restaurant_id, (NEW.created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(NEW.qr_code_id, '00000000-0000-0000-0000-000000000000'), NEW.rating, NEW.has_comment, NEW.has_contact, NEW.status, 1, pg_backend_pid() % 64)
  ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, shard) DO UPDATE SET count = s.count + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "feedback_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO feedback_stats AS s (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, count, shard)
    SELECT restaurant_id, (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(qr_code_id, '00000000-0000-0000-0000-000000000000'), rating, has_comment, has_contact, status, -count(*), pg_backend_pid() % 64
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, shard) DO UPDATE SET count = s.count + excluded.count;
  ELSE
    INSERT INTO feedback_stats AS s (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, count, shard)
    SELECT restaurant_id, day, qr_key, rating, has_comment, has_contact, status, sum(delta), pg_backend_pid() % 64 FROM (
      SELECT o.restaurant_id, (o.created_at AT TIME ZONE 'Europe/Paris')::date AS day, coalesce(o.qr_code_id, '00000000-0000-0000-0000-000000000000') AS qr_key, o.rating, o.has_comment, o.has_contact, o.status, -1 AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.restaurant_id, o.created_at, o.qr_code_id, o.rating, o.has_comment, o.has_contact, o.status) IS DISTINCT FROM (n.restaurant_id, n.created_at, n.qr_code_id, n.rating, n.has_comment, n.has_contact, n.status)
      UNION ALL
      SELECT n.restaurant_id, (n.created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(n.qr_code_id, '00000000-0000-0000-0000-000000000000'), n.rating, n.has_comment, n.has_contact, n.status, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.restaurant_id, o.created_at, o.qr_code_id, o.rating, o.has_comment, o.has_contact, o.status) IS DISTINCT FROM (n.restaurant_id, n.created_at, n.qr_code_id, n.rating, n.has_comment, n.has_contact, n.status)
    ) d GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(delta) <> 0
    ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, shard) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
