-- custom: decision 036, the low-rating alert lists every rating it groups. Restaurants whose alert is still the
-- previous default (never edited) get the new default; an edited one keeps its text (the list is added at send).
UPDATE "automations" SET "config" = jsonb_build_object('delay_minutes', ("config"->>'delay_minutes')::int, 'subject', '{{#grouped}}{{low_rating_count}} avis à surveiller{{/grouped}}{{^grouped}}Avis à surveiller : {{rating}}/5{{/grouped}} — {{restaurant_name}}'::text, 'html', '<p>Bonjour,</p>
{{#grouped}}
<p>{{low_rating_count}} avis de 3 étoiles ou moins ont été laissés depuis la dernière alerte :</p>
{{/grouped}}
{{^grouped}}
<p>Un avis de 3 étoiles ou moins vient d’être laissé :</p>
{{/grouped}}
{{#low_ratings}}
<div style="border-left:3px solid #f59e0b;padding:4px 12px;margin:16px 0">
<p style="margin:0"><strong>{{rating}}/5</strong> — {{created_at}}{{#label}} — {{label}}{{/label}}</p>
<p style="margin:4px 0 0">Laissé par {{diner}}</p>
{{#comment}}<p style="margin:4px 0 0">« {{comment}} »</p>{{/comment}}
{{#contact}}<p style="margin:4px 0 0">Contact : {{contact}} — prenez contact rapidement pour comprendre ce qui n’a pas fonctionné.</p>{{/contact}}
<p style="margin:4px 0 0"><a href="{{review_url}}">Voir l’avis</a></p>
</div>
{{/low_ratings}}
<p style="margin:24px 0 0">À bientôt,<br>L’équipe ReFeed</p>'::text),
  "description" = 'Prévient le responsable quand un client donne 3 étoiles ou moins : tout de suite pour le premier avis, puis au plus un email toutes les 15 minutes regroupant les suivants.'
  WHERE "key" = 'manager_alert_low_rating' AND "config"->>'subject' = 'Avis à surveiller : {{rating}}/5 — {{restaurant_name}}' AND "config"->>'html' = '<p>Bonjour,</p>
<p>Un client{{#first_name}} ({{first_name}}){{/first_name}} vient de laisser une note de {{rating}}/5 le {{created_at}}.</p>
{{#comment}}
<p>Son commentaire : « {{comment}} »</p>
{{/comment}}
<p>Prenez contact avec lui rapidement pour comprendre ce qui n’a pas fonctionné.</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td style="background-color:#c2410c;border-radius:8px"><a href="{{admin_feedback_url}}" style="display:inline-block;padding:12px 20px;font-family:Arial,Helvetica,sans-serif;font-size:16px;color:#ffffff;text-decoration:none;font-weight:bold">Voir sa fiche client</a></td></tr></table>';--> statement-breakpoint
-- custom: decision 037, the weekly digest is an automation every restaurant has (active), to switch off or edit on /automations.
INSERT INTO "automations" ("restaurant_id", "key", "name", "description", "status", "config")
  SELECT r."id", 'weekly_digest', 'Bilan de la semaine', 'Chaque lundi à 9 h, envoie au responsable le bilan de la semaine écoulée.', 'active', '{"delay_minutes":0,"subject":"Votre semaine : {{ratings_count}} avis{{#average}}, {{average}}/5 de moyenne{{/average}} — {{restaurant_name}}","html":"<p>Bonjour,</p>\n<p>Voici le bilan de votre semaine, {{week}}.</p>\n<ul>\n<li><strong>{{ratings_count}}</strong> avis{{#average}}, moyenne <strong>{{average}}/5</strong>{{/average}} (semaine précédente : {{ratings_count_previous}} avis{{#average_previous}}, moyenne {{average_previous}}/5{{/average_previous}})</li>\n<li>Avis de 3 étoiles ou moins : <strong>{{low_rating_count}}</strong></li>\n<li>Invitations à laisser un avis public : <strong>{{review_invitations}}</strong></li>\n<li>Nouveaux clients : <strong>{{new_customers}}</strong></li>\n<li>Récompenses remises : <strong>{{rewards_redeemed}}</strong></li>\n<li>Emails envoyés : <strong>{{emails_sent}}</strong></li>\n</ul>\n{{#low_rating_count}}\n<p><strong>Les avis à surveiller :</strong></p>\n{{/low_rating_count}}\n{{#low_ratings}}\n<div style=\"border-left:3px solid #f59e0b;padding:4px 12px;margin:16px 0\">\n<p style=\"margin:0\"><strong>{{rating}}/5</strong> — {{created_at}}{{#label}} — {{label}}{{/label}}</p>\n<p style=\"margin:4px 0 0\">Laissé par {{diner}}</p>\n{{#comment}}<p style=\"margin:4px 0 0\">« {{comment}} »</p>{{/comment}}\n{{#contact}}<p style=\"margin:4px 0 0\">Contact : {{contact}} — prenez contact rapidement pour comprendre ce qui n’a pas fonctionné.</p>{{/contact}}\n<p style=\"margin:4px 0 0\"><a href=\"{{review_url}}\">Voir l’avis</a></p>\n</div>\n{{/low_ratings}}\n<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"margin:24px 0\"><tr><td align=\"center\" bgcolor=\"#c2410c\" style=\"background-color:#c2410c;border-radius:8px;padding:12px 20px\"><a href=\"{{dashboard_url}}\" style=\"display:inline-block;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:20px;color:#ffffff;text-decoration:none;font-weight:bold\">Ouvrir mon tableau de bord</a></td></tr></table>\n<p style=\"margin:24px 0 0\">À bientôt,<br>L’équipe ReFeed</p>"}'::jsonb FROM "restaurants" r
  WHERE EXISTS (SELECT 1 FROM "automations" a WHERE a."restaurant_id" = r."id")
  ON CONFLICT DO NOTHING;
