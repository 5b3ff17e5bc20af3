import { userResource } from "~/domain/accounts/users.server";
import { ForbiddenError } from "~/domain/errors.server";
import {
  completeRegistration,
  createSellerAccount,
  parseStepNumber,
  registrationStatus,
  saveStep1,
  saveStep2,
} from "~/domain/sellers/registration.server";
import { apiEndpoints, parseInput, parseInputs, readJsonBody, type ApiArgs } from "~/http/api.server";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { beginUserSession, currentUser, ensureVisitorSession, sessionContext } from "~/middleware/session.server";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";

/**
 * /api/v1/customer/register/{status,step1,step2,step3,complete}/: the seller registration
 * wizard. Progress lives in the visitor's session; `complete/` takes every field at once.
 */
/** `stepN/` for any N is the wizard's step endpoint: a number other than 1-3 is refused by name. */
const endpointOf = (stage: string | undefined) =>
  stage === "status" || stage === "complete" ? stage : stage !== undefined && /^step\d+$/.test(stage) ? "step" : null;

const api = apiEndpoints((params) => endpointOf(params.stage), {
  status: {
    async GET({ context }) {
      const { current_step, next_step } = await registrationStatus(context.get(sessionContext)?.id ?? null);
      return { current_step, next_step };
    },
  },
  step: { POST: register },
  complete: { POST: register },
});

async function register({ request, params, context }: ApiArgs) {
  const t = getI18nInstance(context).t;
  if (currentUser(context)) throw new ForbiddenError("sellers.registration.already_logged_in");
  const body = await readJsonBody(request);
  const session = await ensureVisitorSession(request, context);
  const headers = new Headers();
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);

  const address = context.get(clientAddressContext);
  const stepNumber = /^step(\d+)$/.exec(params.stage ?? "")?.[1];
  let user;
  if (stepNumber !== undefined) {
    const step = parseStepNumber(stepNumber);
    if (step === 1 || step === 2) {
      const status =
        step === 1
          ? await saveStep1(session.id, parseInput(registrationStep1Schema, body), address)
          : await saveStep2(session.id, parseInput(registrationStep2Schema, body), address);
      return Response.json({ message: t("register.step_completed", { step }), ...status }, { headers });
    }
    user = await completeRegistration(session.id, parseInput(registrationStep3Schema, body), getLocale(context), address);
  } else {
    const input = parseInputs([registrationStep1Schema, registrationStep2Schema, registrationStep3Schema], body);
    user = await createSellerAccount(input, getLocale(context), address);
  }
  headers.append("Set-Cookie", await beginUserSession(request, context, user));
  return Response.json(
    { message: t("register.completed"), current_step: 3, next_step: 3, user: userResource(user) },
    { status: 201, headers },
  );
}

export const loader = api.loader;
export const action = api.action;
