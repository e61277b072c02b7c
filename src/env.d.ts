/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./server/auth/sessions').SessionUser | null;
    /** Service context of this request (db, user, clock, adapters): pages pass it to services. */
    ctx: import('./server/context').ServiceContext;
    requestId: string;
  }
}
