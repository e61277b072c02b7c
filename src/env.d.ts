/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./server/auth/sessions').SessionUser | null;
    db: import('./server/db/client').Db;
    requestId: string;
  }
}
