// Sorts a table of sites by a column when its header is pressed: numbers
// most first, text in order. Without JavaScript the rows stay as ranked.
for (const th of document.querySelectorAll("th[data-sort]")) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = th.textContent;
  th.replaceChildren(button);
  button.addEventListener("click", () => {
    const table = th.closest("table");
    const col = [...th.parentNode.children].indexOf(th);
    const numeric = th.dataset.sort === "number";
    const down = th.getAttribute("aria-sort") !== (numeric ? "descending" : "ascending");
    for (const other of table.querySelectorAll("th[aria-sort]")) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", down === numeric ? "descending" : "ascending");
    const value = (row) => row.children[col].dataset.value;
    const rows = [...table.tBodies[0].rows];
    rows.sort((a, b) => {
      const c = numeric ? Number(value(b)) - Number(value(a)) : value(a).localeCompare(value(b));
      return down ? c : -c;
    });
    table.tBodies[0].append(...rows);
  });
}
