/** Job kind of a LimeSurvey response synchronisation { surveyId }. */
export const LIME_SYNC_JOB = 'lime.sync';
