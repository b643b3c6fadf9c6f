/** Team calls of Settings > Team (issue 23 item 5), through the contract's ENDPOINTS. Each answers TeamResponse. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { AssignableTeamRole } from '../../../../contract/teams.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /v1/team: the caller's team (or none), role, plan rule and invitations waiting for them. */
export const getTeam = () => callApi(ENDPOINTS.getTeam);

/** POST /v1/team: create a team owned by the caller. */
export const createTeam = (name: string) => callApi(ENDPOINTS.createTeam, { body: { name } });

/** POST /v1/team/invitations: e-mail a 6-digit code to `email`. */
export const inviteMember = (email: string, role: AssignableTeamRole) =>
  callApi(ENDPOINTS.inviteTeamMember, { body: { email, role } });

/** DELETE /v1/team/invitations/{id} */
export const cancelInvitation = (id: string) => callApi(ENDPOINTS.cancelTeamInvitation, { params: { id } });

/** POST /v1/team/invitations/accept with the code from the e-mail. */
export const acceptInvitation = (code: string) => callApi(ENDPOINTS.acceptTeamInvitation, { body: { code } });

/** PATCH /v1/team/members/{id} */
export const changeRole = (id: string, role: AssignableTeamRole) =>
  callApi(ENDPOINTS.updateTeamMember, { params: { id }, body: { role } });

/** DELETE /v1/team/members/{id} */
export const removeMember = (id: string) => callApi(ENDPOINTS.removeTeamMember, { params: { id } });

/** POST /v1/team/leave */
export const leaveTeam = () => callApi(ENDPOINTS.leaveTeam);
