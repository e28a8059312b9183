// Only what a bar chart needs, so the rest of Chart.js stays out of the bundle. Loaded with
// a dynamic import by the Calls screen alone.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
