/* A shared object that is no provider module: it lacks their entry point (core/provider.h). */
int not_a_module(void);

int not_a_module(void)
{
	return 0;
}
