import { CustomerPage } from '../../../features/customers/components/customer-page';

/** /customers/:id (features/customers: the page sets its title from the customer's name). */
export default CustomerPage;
