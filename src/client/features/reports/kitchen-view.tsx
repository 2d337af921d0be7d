import type { KitchenCount, KitchenGuest, KitchenReport } from "../../../shared/schemas/reports";
import { CardHead, dataRowClass, ListAndTable } from "../../components/ui/data-table";

const numberFormat = new Intl.NumberFormat("en-GB");

/** The figures on top: people, and how many have needs, allergies or neither. */
export function Figures({ items }: { items: [label: string, value: number | string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {typeof value === "number" ? numberFormat.format(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CountList({ title, items, empty }: { title: string; items: KitchenCount[]; empty: string }) {
  const id = `kitchen-counts-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border text-sm">
          {items.map((item) => (
            <li key={item.label} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="break-words">{item.label}</span>
              <span className="shrink-0 tabular-nums text-muted-foreground">
                {item.people} {item.people === 1 ? "person" : "people"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const none = <span className="text-muted-foreground">—</span>;
type Row = KitchenGuest & { id: string };

/**
 * The kitchen list as the chef reads it: the counts first, then every booking with its dietary
 * requirements and allergies (a couple is one row for two people). Shared by the Lists tab and
 * the vendor portal.
 */
export function KitchenView({ report }: { report: KitchenReport }) {
  const { counts } = report;
  const rows: Row[] = report.guests.map((g) => ({ ...g, id: g.applicationId }));
  return (
    <div className="grid gap-6">
      <Figures
        items={[
          ["People", counts.people],
          ["Dietary requirements", counts.withDietaryRequirements],
          ["Allergies", counts.withAllergies],
          ["Neither", counts.withoutRequirements],
        ]}
      />
      <p className="text-sm text-muted-foreground">
        All meals are plant-based. A couple answers once for both: their answers count for two people.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <CountList title="Allergies" items={counts.allergies} empty="No allergies reported." />
        <CountList title="Dietary requirements" items={counts.requirements} empty="No dietary requirements." />
      </div>
      <ListAndTable
        label="Kitchen list"
        caption="Each booking's dietary requirements and allergies"
        columns={["Guest", "People", "Dietary requirements", "Allergies"]}
        items={rows}
        status="Nobody has a place yet."
        tableClassName="min-w-[40rem]"
        card={(g) => (
          <>
            <CardHead
              title={g.name}
              subtitle={g.people === 2 ? "2 people" : "1 person"}
              badge={
                g.allergies ? (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Allergy</span>
                ) : null
              }
            />
            <dl className="mt-2 grid gap-1 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Dietary requirements</dt>
                <dd className="break-words">{g.dietaryRequirements ?? none}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Allergies</dt>
                <dd className="break-words font-medium">{g.allergies ?? none}</dd>
              </div>
            </dl>
          </>
        )}
        row={(g) => (
          <tr key={g.id} className={dataRowClass}>
            <th scope="row" className="px-3 py-2 font-medium">
              {g.name}
            </th>
            <td className="px-3 py-2 tabular-nums">{g.people}</td>
            <td className="max-w-[18rem] break-words px-3 py-2">{g.dietaryRequirements ?? none}</td>
            <td className="max-w-[18rem] break-words px-3 py-2 font-medium">{g.allergies ?? none}</td>
          </tr>
        )}
      />
    </div>
  );
}
