export const liveEs = {
  live: {
    saved_elsewhere: 'Otra persona guardó este registro después de que usted lo abriera. Recárguelo para ver sus cambios; lo que ha escrito aquí aún no está guardado.',
    reload: 'Recargar',
    stale_save: 'Otra persona guardó este registro después de que usted lo abriera, así que su guardado se rechazó y no se escribió nada. Recárguelo para ver sus cambios y vuelva a hacer los suyos.',
  },
};
