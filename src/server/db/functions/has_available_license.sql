-- Whether the model's trial pool has a key left: what a claim right now would find.
CREATE FUNCTION has_available_license(p_model text)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM licenses WHERE model = p_model AND status = 'available' AND pool = 'trial')
$$;
