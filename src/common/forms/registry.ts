/**
 * Every form a page can post without JavaScript, by the id it posts in its hidden `form` field:
 * what the server reads to take such a post and answer its result page
 * (functions/middleware/form-posts/). Pages import only their own family's module, never this.
 * The admin desk's forms (./admin.ts) are not here: the desk works only signed in, with scripts.
 */
import type { FormSpec } from './kit.ts';
import * as alertForms from './alerts.ts';
import * as helpForms from './help.ts';
import * as missingForms from './missing.ts';
import * as personForms from './person.ts';
import * as postForms from './posts.ts';
import { RESOURCE_FORM } from './resource.ts';
import * as sosForms from './sos.ts';
import * as textAlertForms from './text-alerts.ts';

export const FORMS: ReadonlyMap<string, FormSpec> = new Map(
  [alertForms, helpForms, missingForms, personForms, postForms, sosForms, textAlertForms, { RESOURCE_FORM }]
    .flatMap((forms) => Object.values(forms))
    .map((spec: FormSpec) => [spec.id, spec]),
);
