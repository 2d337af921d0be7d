import { useId } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney, toPence } from "../../../shared/finance/money";
import { type ExpenseCategory, expenseCategoryLabels, type FinancialSummary } from "../../../shared/schemas/finance";

/** Colours with at least 3:1 contrast on the card; the tables beside the charts carry the same data. */
const colours = { budgeted: "#8c7f68", final: "#0f5c4d", pending: "#9a4a22" };

/** Charts plot pounds; every figure shown as text is formatted from exact pence. */
const pounds = (decimal: string) => toPence(decimal) / 100;
/** Legend text in the body colour: the series colours are too light for small text. */
const legendText = (value: string) => <span className="text-foreground">{value}</span>;

/** Drawn at this size until the container has been measured (and where it cannot be, as in tests). */
const initialSize = { width: 480, height: 256 };

function ChartFigure({
  title,
  description,
  children,
  table,
  height = initialSize.height,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
  table: React.ReactNode;
  height?: number;
}) {
  const id = useId();
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm"
    >
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </figcaption>
      {/* The picture is for sighted users; screen readers get the same numbers as a table. */}
      <div aria-hidden="true" className="w-full min-w-0" style={{ height }}>
        {children}
      </div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

export default function FinanceCharts({ summary }: { summary: FinancialSummary }) {
  const c = summary.retreat.currency;
  const show = (decimal: string) => formatMoney(toPence(decimal), c);
  const axis = (value: number) => formatMoney(Math.round(value) * 100, c);
  const tooltip = (value: unknown) =>
    typeof value === "number" ? formatMoney(Math.round(value * 100), c) : String(value);
  const categoryData = summary.categories.map((row) => ({
    name: expenseCategoryLabels[row.category as ExpenseCategory] ?? row.category,
    Budgeted: pounds(row.budgeted),
    Spent: pounds(row.spent),
    Pending: pounds(row.pending),
  }));
  const flowData = [
    { name: "Revenue", Final: pounds(summary.revenue.received), Expected: pounds(summary.revenue.due) },
    { name: "Costs", Final: pounds(summary.totals.spent), Expected: pounds(summary.totals.pending) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure
        title="Budget against actual"
        description="Per category: the budget beside what is spent (approved and paid) and pending."
        height={Math.max(initialSize.height, 90 + 56 * categoryData.length)}
        table={
          <table>
            <caption>Budget against actual per category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Budgeted</th>
                <th scope="col">Spent</th>
                <th scope="col">Pending</th>
              </tr>
            </thead>
            <tbody>
              {summary.categories.map((row) => (
                <tr key={row.category}>
                  <th scope="row">{expenseCategoryLabels[row.category as ExpenseCategory] ?? row.category}</th>
                  <td>{show(row.budgeted)}</td>
                  <td>{show(row.spent)}</td>
                  <td>{show(row.pending)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        {categoryData.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-muted-foreground">No budget or expenses yet.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%" initialDimension={initialSize}>
            {/* Categories down the side: their names stay readable at 375 px. */}
            <BarChart data={categoryData} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 16 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tickFormatter={axis} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="name" tick={{ fontSize: 12 }} width={100} interval={0} />
              <Tooltip formatter={tooltip} />
              <Legend formatter={legendText} />
              <Bar dataKey="Budgeted" fill={colours.budgeted} isAnimationActive={false} />
              <Bar dataKey="Spent" stackId="actual" fill={colours.final} isAnimationActive={false} />
              <Bar dataKey="Pending" stackId="actual" fill={colours.pending} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFigure>
      <ChartFigure
        title="Revenue and costs"
        description="Revenue received and due against costs spent and pending."
        table={
          <table>
            <caption>Revenue and costs</caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">Received or spent</th>
                <th scope="col">Due or pending</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Revenue</th>
                <td>{show(summary.revenue.received)}</td>
                <td>{show(summary.revenue.due)}</td>
              </tr>
              <tr>
                <th scope="row">Costs</th>
                <td>{show(summary.totals.spent)}</td>
                <td>{show(summary.totals.pending)}</td>
              </tr>
            </tbody>
          </table>
        }
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={initialSize}>
          <BarChart data={flowData} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={axis} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" tick={{ fontSize: 12 }} width={72} />
            <Tooltip formatter={tooltip} />
            <Legend formatter={legendText} />
            <Bar
              dataKey="Final"
              name="Received / spent"
              stackId="flow"
              fill={colours.final}
              isAnimationActive={false}
            />
            <Bar
              dataKey="Expected"
              name="Due / pending"
              stackId="flow"
              fill={colours.pending}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
    </div>
  );
}
