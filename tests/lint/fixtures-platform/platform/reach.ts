export const reach = () => 1;
