// FlipbookRender: the frame pipeline. The simulation runs in order on one thread; rasterizing and PNG
// encoding run in parallel with bounded memory; output folders appear whole or not at all. It knows no
// concrete scene or component: anything that can advance in time and hand over a presentation tree is a
// source.
