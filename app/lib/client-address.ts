/** The header the server layer sets to the peer address; whatever a client sends under it is dropped. */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';
