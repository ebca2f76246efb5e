/**
 * The demo company of `npm run seed:demo`: a restaurant group in Beirut with
 * people whose names come from Arabic, French, Spanish and English. Phone
 * numbers are fixed (Lebanese mobiles +961 70 000 00x and +961 70 100 0xx, a range the tests never draw) so the
 * sign-in instructions never change.
 */
export const DEMO_TITLE = "Cedar Coast Hospitality";

export const DEMO_OWNER = { first_name: "Nadia", last_name: "Haddad", phone: "96170000001", language: "en" };
export const DEMO_SUPERVISOR = {
  first_name: "Marc",
  last_name: "Dubois",
  phone: "96170000002",
  language: "fr",
  permissions: ["view_scheduler", "manage_scheduler", "view_timesheet", "manage_users"],
};

export const DEMO_BOARDS = ["Hamra restaurant", "Gemmayzeh café", "Catering & events"];

export const DEMO_JOBS: { name: string; color: string; rate: number; boards: number[] }[] = [
  { name: "Server", color: "#1864ab", rate: 9, boards: [0, 1] },
  { name: "Bartender", color: "#5f3dc4", rate: 11, boards: [0] },
  { name: "Line cook", color: "#c92a2a", rate: 12, boards: [0, 2] },
  { name: "Host", color: "#0b7285", rate: 8.5, boards: [0] },
  { name: "Dishwasher", color: "#364fc7", rate: 8, boards: [0, 1, 2] },
  { name: "Barista", color: "#d9480f", rate: 9.5, boards: [1] },
  { name: "Delivery driver", color: "#2b8a3e", rate: 10, boards: [2] },
  { name: "Event staff", color: "#a61e4d", rate: 10.5, boards: [2] },
];

/** 60 people: 15 names each from Arabic (in Arabic script), French, Spanish and English. */
const NAMES: [string, string, string][] = [
  ["ليلى", "حداد", "ar"],
  ["كريم", "صعب", "ar"],
  ["رنا", "خوري", "ar"],
  ["سامي", "نصار", "ar"],
  ["هالة", "منصور", "ar"],
  ["يوسف", "عيسى", "ar"],
  ["نور", "شمعون", "ar"],
  ["جاد", "فرح", "ar"],
  ["مايا", "سليمان", "ar"],
  ["طارق", "عون", "ar"],
  ["ريم", "جبران", "ar"],
  ["علي", "حسن", "ar"],
  ["سارة", "معلوف", "ar"],
  ["عمر", "قاسم", "ar"],
  ["زينة", "بستاني", "ar"],
  ["Élodie", "Martin", "fr"],
  ["Julien", "Bernard", "fr"],
  ["Camille", "Moreau", "fr"],
  ["Théo", "Laurent", "fr"],
  ["Chloé", "Lefèvre", "fr"],
  ["Hugo", "Girard", "fr"],
  ["Inès", "Roux", "fr"],
  ["Lucas", "Fournier", "fr"],
  ["Manon", "Mercier", "fr"],
  ["Antoine", "Blanc", "fr"],
  ["Léa", "Garnier", "fr"],
  ["Mathis", "Chevalier", "fr"],
  ["Zoé", "Faure", "fr"],
  ["Nathan", "André", "fr"],
  ["Océane", "Gauthier", "fr"],
  ["Lucía", "García", "es"],
  ["Mateo", "Fernández", "es"],
  ["Sofía", "López", "es"],
  ["Diego", "Martínez", "es"],
  ["Valentina", "Sánchez", "es"],
  ["Javier", "Pérez", "es"],
  ["Carmen", "Gómez", "es"],
  ["Alejandro", "Ruiz", "es"],
  ["Paula", "Díaz", "es"],
  ["Sergio", "Moreno", "es"],
  ["Elena", "Muñoz", "es"],
  ["Pablo", "Álvarez", "es"],
  ["Marta", "Romero", "es"],
  ["Andrés", "Navarro", "es"],
  ["Nuria", "Torres", "es"],
  ["Emily", "Johnson", "en"],
  ["James", "Smith", "en"],
  ["Olivia", "Brown", "en"],
  ["Liam", "Taylor", "en"],
  ["Grace", "Wilson", "en"],
  ["Noah", "Davies", "en"],
  ["Chloe", "Evans", "en"],
  ["Ethan", "Thomas", "en"],
  ["Amelia", "Roberts", "en"],
  ["Jack", "Walker", "en"],
  ["Isla", "Wright", "en"],
  ["Harry", "Green", "en"],
  ["Ava", "Hall", "en"],
  ["Oscar", "Clarke", "en"],
  ["Ruby", "Hughes", "en"],
];

export interface DemoPerson {
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  language: string;
  role: "SUPERVISOR" | "EMPLOYEE";
  permissions: string[];
  status: "active" | "invited" | "archived";
  hourly_rate: number;
  jobs: number[];
  boards: number[];
}

/** The same 60 people every time (no randomness): statuses, jobs and boards follow their position. */
export function demoPeople(): DemoPerson[] {
  return NAMES.map(([first_name, last_name, language], index) => {
    const job = index % DEMO_JOBS.length;
    const second = (index * 3 + 1) % DEMO_JOBS.length;
    const jobs = index % 3 === 0 ? [job, second].filter((value, i, all) => all.indexOf(value) === i) : [job];
    const boards = [...new Set(jobs.flatMap((j) => (DEMO_JOBS[j]?.boards ?? []).slice(0, 1)))];
    const status = index % 15 === 14 ? "archived" : index % 10 === 9 ? "invited" : "active";
    return {
      first_name,
      last_name,
      phone: `96170100${String(index + 1).padStart(3, "0")}`,
      email: index % 4 === 0 ? `demo.person${index + 1}@example.com` : null,
      language,
      role: index % 20 === 0 ? "SUPERVISOR" : "EMPLOYEE",
      permissions: index % 20 === 0 ? ["view_scheduler", "view_timesheet"] : [],
      status,
      hourly_rate: (DEMO_JOBS[job]?.rate ?? 9) + (index % 4) * 0.5,
      jobs,
      boards,
    };
  });
}
