/** Accessible primitives of the design system; feature components compose these. */
export { Badge } from "./badge";
export { Button, buttonVariants } from "./button";
export { Card, CardTitle } from "./card";
export { Input, Label, Select } from "./input";
export { Table, Td, Th } from "./table";
export { cn } from "./cn";
export { Dialog } from "./dialog";
