// @ts-check
// The fallback drawing for a game without its own renderer: the view as readable data.

import { html } from "../svg.js";

/** @param {import("../types.js").RenderContext} ctx */
export function draw(ctx) {
  return html("pre", { class: "generic-view" }, JSON.stringify(ctx.view, null, 2));
}

export function hint() {
  return "choose a move from the list below";
}
